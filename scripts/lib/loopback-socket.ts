// A WebSocket client that opens its connection from a chosen loopback address (Node's own WebSocket cannot bind one),
// for the benchmarks' devices: each device's socket comes from its own 127.0.0.x, as a phone's comes from its own
// address, and the app limits it by that address (front.ts tells the Worker). Text messages in, pings answered;
// only what the app's push channels use (RFC 6455, no extensions).
import { randomBytes } from "node:crypto";
import net from "node:net";

type Frame = { fin: boolean; opcode: number; payload: Buffer };

/** The whole frames at the start of `buffer` and what is left of it (a frame not yet whole). */
export function readFrames(buffer: Buffer): { frames: Frame[]; rest: Buffer } {
  const frames: Frame[] = [];
  let at = 0;
  for (;;) {
    if (buffer.length - at < 2) break;
    const first = buffer[at] as number;
    const second = buffer[at + 1] as number;
    const masked = (second & 0x80) !== 0;
    let length = second & 0x7f;
    let header = 2;
    if (length === 126) {
      if (buffer.length - at < 4) break;
      length = buffer.readUInt16BE(at + 2);
      header = 4;
    } else if (length === 127) {
      if (buffer.length - at < 10) break;
      length = Number(buffer.readBigUInt64BE(at + 2));
      header = 10;
    }
    const maskAt = at + header;
    if (masked) header += 4;
    if (buffer.length - at < header + length) break;
    const payload = Buffer.from(buffer.subarray(at + header, at + header + length));
    if (masked)
      for (let i = 0; i < payload.length; i++)
        payload[i] = (payload[i] as number) ^ (buffer[maskAt + (i % 4)] as number);
    frames.push({ fin: (first & 0x80) !== 0, opcode: first & 0x0f, payload });
    at += header + length;
  }
  return { frames, rest: buffer.subarray(at) };
}

/** A client's frame (always masked, as RFC 6455 requires of clients). */
export function clientFrame(opcode: number, payload: Buffer, mask: Buffer = randomBytes(4)): Buffer {
  const length = payload.length;
  const header = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.alloc(header + 4 + length);
  frame[0] = 0x80 | opcode;
  if (length < 126) frame[1] = 0x80 | length;
  else if (length < 65536) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  mask.copy(frame, header);
  for (let i = 0; i < length; i++) frame[header + 4 + i] = (payload[i] as number) ^ (mask[i % 4] as number);
  return frame;
}

export type LoopbackSocket = {
  send(text: string): void;
  close(): void;
  readonly closed: boolean;
};

type Hooks = { message: (text: string) => void; closed?: (why: string) => void };

/**
 * Opens `url` (ws://127.0.0.1:port/path) from `localAddress`; resolves once the server said 101, rejects with the
 * status it answered otherwise.
 */
export function openSocket(
  url: string,
  localAddress: string,
  hooks: Hooks,
  timeoutMs = 30_000,
): Promise<LoopbackSocket> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const connection = net.connect({ host: target.hostname, port: Number(target.port), localAddress });
    let handshaken = false;
    let closed = false;
    /** Closed by this side: the server's close (or a dropped connection) is worth saying. */
    let ours = false;
    let buffer: Buffer = Buffer.alloc(0);
    let pieces: Buffer[] = [];
    const timer = setTimeout(
      () => fail(new Error(`no answer to the WebSocket handshake in ${timeoutMs} ms`)),
      timeoutMs,
    );
    const socket: LoopbackSocket = {
      send: (text) => {
        if (!closed) connection.write(clientFrame(0x1, Buffer.from(text)));
      },
      close: () => {
        if (closed) return;
        closed = true;
        ours = true;
        connection.end(clientFrame(0x8, Buffer.from([0x03, 0xe8])));
        setTimeout(() => connection.destroy(), 1000).unref();
      },
      get closed() {
        return closed;
      },
    };
    const fail = (error: Error) => {
      clearTimeout(timer);
      connection.destroy();
      if (!handshaken) reject(error);
    };
    connection.on("connect", () => {
      const key = randomBytes(16).toString("base64");
      connection.write(
        `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    connection.on("data", (chunk: Buffer) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      if (!handshaken) {
        const end = buffer.indexOf("\r\n\r\n");
        if (end < 0) return;
        const status = /^HTTP\/1\.1 (\d{3})/.exec(buffer.subarray(0, end).toString("latin1"))?.[1];
        if (status !== "101") {
          fail(new Error(`WebSocket refused: ${status ?? "no status"} ${buffer.subarray(end + 4).toString()}`));
          return;
        }
        handshaken = true;
        clearTimeout(timer);
        buffer = buffer.subarray(end + 4);
        resolve(socket);
      }
      const { frames, rest } = readFrames(buffer);
      buffer = rest;
      for (const frame of frames) {
        if (frame.opcode === 0x9) connection.write(clientFrame(0xa, frame.payload));
        else if (frame.opcode === 0x8) {
          if (!closed) connection.end(clientFrame(0x8, frame.payload.subarray(0, 2)));
          closed = true;
        } else if (frame.opcode === 0x1 || frame.opcode === 0x0) {
          pieces.push(frame.payload);
          if (frame.fin) {
            const text = Buffer.concat(pieces).toString("utf8");
            pieces = [];
            hooks.message(text);
          }
        }
      }
    });
    connection.on("error", (error) => fail(error));
    connection.on("close", () => {
      closed = true;
      clearTimeout(timer);
      if (handshaken && !ours) hooks.closed?.("the server closed the socket");
    });
  });
}
