/** Multipart bodies the parser cannot read, [what, content-type, body]: for the tests of their refusal. */
export const BROKEN_MULTIPART: readonly [string, string, string][] = [
  [
    'no boundary',
    'multipart/form-data',
    '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n--x--\r\n',
  ],
  ['an empty boundary', 'multipart/form-data; boundary=', '--\r\n\r\n{}\r\n----\r\n'],
  [
    'a wrong boundary',
    'multipart/form-data; boundary=zz',
    '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n--x--\r\n',
  ],
  ['a boundary over 70 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, 'x'],
  [
    'LF-only line endings',
    'multipart/form-data; boundary=x',
    '--x\nContent-Disposition: form-data; name="data"\n\n{}\n--x--\n',
  ],
  [
    'no closing boundary',
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n',
  ],
  [
    'a body cut off mid-part',
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="firmware"; filename="a.bin"\r\n\r\nabc',
  ],
  ['a body cut off in a header', 'multipart/form-data; boundary=x', '--x\r\nContent-Dispo'],
  [
    'JSON declared as multipart',
    'multipart/form-data; boundary=x',
    '{"password":"abcdefgh","allow_readonly":true}',
  ],
];
