/**
 * The Hoymiles Wi-Fi protocol (docs/wifi.md): frames over TCP, their AES-GCM encryption, the command tags
 * and the protobuf messages of each tag. Pure protocol code, no I/O: the gateway's Wi-Fi client and the
 * Wi-Fi simulator (packages/gateway/src/wifi/) bring the sockets.
 */
export * from './codec';
export * from './crypto';
export * from './frame';
export * from './messages';
export * from './tags';
