import { describe, expect, it } from 'vitest';
import { Code } from '../../src/codes';
import {
  codelessWarning,
  envelope,
  formatMessage,
  internalErrorBody,
  isEnvelope,
  translationKey,
} from '../../src/common/envelope';

describe('envelope', () => {
  it('builds a success envelope without param', () => {
    const e = envelope(Code.SettingsSaved);
    expect(e).toEqual({ type: 'success', message: expect.any(String), code: 1001 });
    expect('param' in e).toBe(false);
    expect(e.message.length).toBeGreaterThan(0);
  });

  it('serialises in the wire key order type, message, code, param', () => {
    expect(Object.keys(envelope(Code.MqttPublishInterval))).toEqual(['type', 'message', 'code', 'param']);
    expect(Object.keys(envelope(Code.ValuesMissing))).toEqual(['type', 'message', 'code']);
  });

  it("uses the table's fixed param and fills the message", () => {
    const e = envelope(Code.MqttPublishInterval);
    expect(e).toMatchObject({ type: 'warning', code: 7013, param: { min: 5, max: 86400 } });
    expect(e.message).toContain('5');
    expect(e.message).toContain('86400');
    expect(e.message).not.toContain('{');
  });

  it('takes a request-dependent param (2004) and insists on it', () => {
    const e = envelope(Code.DtuFrequencyInvalid, { min: 860250000, max: 923500000 });
    expect(e.param).toEqual({ min: 860250000, max: 923500000 });
    expect(e.message).toContain('860250000');
    expect(() => envelope(Code.DtuFrequencyInvalid)).toThrow(TypeError);
  });

  it('drops param keys a code does not carry', () => {
    expect(envelope(Code.SecurityPasswordLength, { min: 8, max: 64 }).param).toEqual({ max: 64 });
    expect(envelope(Code.MqttPortInvalid, { max: 1 }).param).toBeUndefined();
  });

  it('keeps the type per code', () => {
    expect(envelope(Code.WriteFailed).type).toBe('warning');
    expect(envelope(Code.InternalError).type).toBe('danger');
    expect(envelope(Code.RebootCancelled).type).toBe('warning');
    expect(envelope(Code.ConfigReset).type).toBe('success');
  });

  it('builds the codeless network warning and the 500 body', () => {
    expect(codelessWarning('Hostname too long')).toEqual({ type: 'warning', message: 'Hostname too long' });
    const body = internalErrorBody('handleGet, 42');
    expect(JSON.stringify(body)).toBe(
      '{"message":"500 Internal Server Error: handleGet, 42","code":1007,"type":"danger"}',
    );
  });

  it('formats placeholders and names the translation key', () => {
    expect(formatMessage('between {min} and {max}', { min: 1, max: 2 })).toBe('between 1 and 2');
    expect(formatMessage('up to {max}', {})).toBe('up to {max}');
    expect(formatMessage('between {{min}} and {{max}}', { min: 1, max: 2 })).toBe('between 1 and 2');
    expect(formatMessage('up to {{max}} {{other}}', {})).toBe('up to {{max}} {{other}}');
    expect(translationKey(Code.MqttLwtQos)).toBe('apiresponse.7016');
  });

  it('recognises envelopes', () => {
    expect(isEnvelope(envelope(Code.NtpYearRange))).toBe(true);
    expect(isEnvelope({ type: 'success', message: 'x', code: 1001 })).toBe(true);
    expect(isEnvelope({ type: 'success', code: 1001 })).toBe(false);
    expect(isEnvelope({ type: 'ok', message: 'x', code: 1001 })).toBe(false);
    expect(isEnvelope({ type: 'warning', message: 'x', code: 99 })).toBe(false);
    expect(isEnvelope({ type: 'warning', message: 'x', code: 7013, param: { max: 'a' } })).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });
});
