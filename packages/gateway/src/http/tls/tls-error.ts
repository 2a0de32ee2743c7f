/** A key or certificate the gateway cannot serve HTTPS with; the message is one line, for the owner. */
export class TlsSetupError extends Error {}
