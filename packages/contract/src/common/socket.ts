// WebSocket and console-log numbers of the gateway.

/** The subprotocol a WebSocket server answers with when a client offers subprotocols. */
export const SOCKET_SUBPROTOCOL = 'dtu-console';
/** Prefix of the subprotocol that carries the console's token: `dtu-auth.<base64url of user:password>`. */
export const SOCKET_AUTH_SUBPROTOCOL_PREFIX = 'dtu-auth.';

export const SocketLimits = {
  /**
   * Default cap of clients per WebSocket (/livedata, /console), set with `--max-socket-clients`: a Linux
   * host serves hundreds (the ESP32 reference stops at 8). Over the cap the oldest client is closed (1013).
   */
  maxClientsPerSocket: 1000,
  maxClientsPerSocketMax: 100_000,
  sendQueueLength: 32,
  consoleBatchBytes: 512,
  consoleBatchMs: 250,
  consoleMessageMaxBytes: 255,
  consoleMaxMessagesPerSecond: 128,
} as const;
