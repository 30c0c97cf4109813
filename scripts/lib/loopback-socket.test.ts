import { expect, test } from "vitest";
import { clientFrame, readFrames } from "./loopback-socket.ts";

test("a client's frame is masked, and reads back as it was sent, at every length's encoding", () => {
  for (const length of [0, 5, 125, 126, 65535, 65536]) {
    const payload = Buffer.alloc(length, "a");
    const frame = clientFrame(0x1, payload, Buffer.from([1, 2, 3, 4]));
    expect((frame[1] as number) & 0x80).toBe(0x80);
    const { frames, rest } = readFrames(frame);
    expect(rest.length).toBe(0);
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ fin: true, opcode: 1 });
    expect(frames[0]?.payload.equals(payload)).toBe(true);
  }
});

test("a server's unmasked frames, several in a chunk, the last not yet whole", () => {
  const text = (s: string) => Buffer.concat([Buffer.from([0x81, s.length]), Buffer.from(s)]);
  const whole = Buffer.concat([text("pong"), text('{"type":"changed"}')]);
  const partial = text("later").subarray(0, 4);
  const { frames, rest } = readFrames(Buffer.concat([whole, partial]));
  expect(frames.map((f) => f.payload.toString())).toEqual(["pong", '{"type":"changed"}']);
  expect(rest.equals(partial)).toBe(true);
  expect(readFrames(Buffer.from([0x81])).frames).toEqual([]);
});
