import assert from "node:assert/strict";
import { test } from "node:test";

import {
  ChunkError,
  ChunkReassembler,
  OUTGOING_CHUNK_BYTES,
  base64ToBytes,
  bytesToBase64,
  splitMessage,
} from "../src/chunks.js";

const ids = () => {
  let n = 0;
  return () => `e-${++n}`;
};

/** @param {unknown[]} frames */
function reassemble(frames, reassembler = new ChunkReassembler()) {
  let whole;
  for (const frame of frames) {
    whole = reassembler.add(frame);
  }
  return whole;
}

test("a small message is not chunked", () => {
  const message = { type: "response", id: 1, result: { data: "abc" } };
  const frames = splitMessage(message, { newChunkId: ids() });
  assert.equal(frames.length, 1);
  assert.equal(frames[0], message);
});

test("the default cut is 32 MiB", () => {
  assert.equal(OUTGOING_CHUNK_BYTES, 32 * 1024 * 1024);
});

test("a message exactly at the limit is not chunked; one byte more is", () => {
  const base = JSON.stringify({ s: "" }).length;
  const limit = 40;
  const fits = { s: "x".repeat(limit - base) };
  assert.equal(splitMessage(fits, { newChunkId: ids(), chunkBytes: limit }).length, 1);
  const over = { s: "x".repeat(limit - base + 1) };
  assert.equal(splitMessage(over, { newChunkId: ids(), chunkBytes: limit }).length, 2);
});

test("multi-byte characters cut across chunks round-trip", () => {
  // é is 2 bytes, 中 3, 🙂 4 (a surrogate pair in JS): a 5-byte cut splits many of them.
  const message = {
    type: "response",
    id: 7,
    result: { text: "héllo 中文 🙂 ".repeat(20), nested: [1, "ü", { "ключ": "значение" }] },
  };
  const frames = splitMessage(message, { newChunkId: ids(), chunkBytes: 5 });
  const byteLength = new TextEncoder().encode(JSON.stringify(message)).length;
  assert.equal(frames.length, Math.ceil(byteLength / 5));
  frames.forEach((frame, index) => {
    assert.deepEqual(Object.keys(frame).sort(), ["chunk_id", "count", "data", "index", "type"]);
    assert.equal(frame.type, "chunk");
    assert.equal(frame.chunk_id, "e-1");
    assert.equal(frame.index, index);
    assert.equal(frame.count, frames.length);
    assert.ok(base64ToBytes(frame.data).length <= 5);
  });
  // Some piece must end inside a character, or the test proves nothing.
  const cutInside = frames.some((frame) => {
    const bytes = base64ToBytes(frame.data);
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      return false;
    } catch {
      return true;
    }
  });
  assert.ok(cutInside);
  assert.deepEqual(reassemble(frames), message);
});

test("limitBytes 0 forces chunks", () => {
  const message = { type: "event", event: "hello", params: {} };
  const frames = splitMessage(message, { newChunkId: ids(), limitBytes: 0 });
  assert.equal(frames.length, 1);
  assert.equal(frames[0].type, "chunk");
  assert.deepEqual(reassemble(frames), message);
});

test("interleaved messages with different ids are reassembled apart", () => {
  const next = ids();
  const a = { type: "request", id: 1, method: "cdp", params: { s: "a".repeat(30) } };
  const b = { type: "request", id: 2, method: "cdp", params: { s: "b".repeat(30) } };
  const fa = splitMessage(a, { newChunkId: next, chunkBytes: 16 });
  const fb = splitMessage(b, { newChunkId: next, chunkBytes: 16 });
  const r = new ChunkReassembler();
  /** @type {unknown[]} */
  const done = [];
  for (let i = 0; i < Math.max(fa.length, fb.length); i++) {
    for (const frames of [fa, fb]) {
      if (i < frames.length) {
        const whole = r.add(frames[i]);
        if (whole !== undefined) {
          done.push(whole);
        }
      }
    }
  }
  assert.deepEqual(done, [a, b]);
  assert.equal(r.inFlight, 0);
});

test("an out-of-order chunk is rejected and its message dropped", () => {
  const frames = splitMessage({ s: "z".repeat(50) }, { newChunkId: ids(), chunkBytes: 10 });
  assert.ok(frames.length >= 3);
  const r = new ChunkReassembler();
  r.add(frames[0]);
  assert.throws(() => r.add(frames[2]), (err) => err instanceof ChunkError && /out of order/.test(err.message));
  assert.equal(r.inFlight, 0);
  // The rest of that message is out of order too.
  assert.throws(() => r.add(frames[1]), ChunkError);
});

test("a first chunk with index other than 0 is rejected", () => {
  const frames = splitMessage({ s: "z".repeat(50) }, { newChunkId: ids(), chunkBytes: 10 });
  assert.throws(() => new ChunkReassembler().add(frames[1]), /out of order/);
});

test("a changed count is rejected", () => {
  const frames = splitMessage({ s: "z".repeat(50) }, { newChunkId: ids(), chunkBytes: 10 });
  const r = new ChunkReassembler();
  r.add(frames[0]);
  assert.throws(() => r.add({ ...frames[1], count: frames[1].count + 1 }), /count changed/);
  assert.equal(r.inFlight, 0);
});

test("an index past count is rejected", () => {
  assert.throws(
    () => new ChunkReassembler().add({ type: "chunk", chunk_id: "h-1", index: 3, count: 3, data: "" }),
    /index must be an integer in 0\.\.2/,
  );
});

test("a message that stops short is not delivered", () => {
  const frames = splitMessage({ s: "z".repeat(50) }, { newChunkId: ids(), chunkBytes: 10 });
  const r = new ChunkReassembler();
  assert.equal(reassemble(frames.slice(0, -1), r), undefined);
  assert.equal(r.inFlight, 1);
});

test("malformed chunks are rejected", () => {
  const r = new ChunkReassembler();
  assert.throws(() => r.add(null), ChunkError);
  assert.throws(() => r.add({ type: "chunk", index: 0, count: 1, data: "" }), /chunk_id/);
  assert.throws(() => r.add({ type: "chunk", chunk_id: "x", index: 0, count: 0, data: "" }), /count/);
  assert.throws(() => r.add({ type: "chunk", chunk_id: "x", index: 0, count: 1 }), /data/);
  assert.throws(() => r.add({ type: "chunk", chunk_id: "x", index: 0, count: 1, data: "@@@" }), /base64/);
  const notObject = bytesToBase64(new TextEncoder().encode("[1,2]"));
  assert.throws(() => r.add({ type: "chunk", chunk_id: "y", index: 0, count: 1, data: notObject }), /not a JSON object/);
  const badUtf8 = bytesToBase64(new Uint8Array([0x7b, 0xff, 0x7d]));
  assert.throws(() => r.add({ type: "chunk", chunk_id: "z", index: 0, count: 1, data: badUtf8 }), /not UTF-8 JSON/);
});

test("in-flight and size limits drop the message", () => {
  const r = new ChunkReassembler({ maxInFlight: 2, maxBytes: 20 });
  const piece = bytesToBase64(new TextEncoder().encode("0123456789"));
  r.add({ type: "chunk", chunk_id: "a", index: 0, count: 3, data: piece });
  r.add({ type: "chunk", chunk_id: "b", index: 0, count: 3, data: piece });
  assert.throws(() => r.add({ type: "chunk", chunk_id: "c", index: 0, count: 3, data: piece }), /in flight/);
  r.add({ type: "chunk", chunk_id: "a", index: 1, count: 3, data: piece });
  assert.throws(() => r.add({ type: "chunk", chunk_id: "a", index: 2, count: 3, data: piece }), /larger than 20 bytes/);
  assert.equal(r.inFlight, 1);
});

test("base64 helpers round-trip every byte value", () => {
  const bytes = new Uint8Array(70000).map((_, i) => (i * 7) % 256);
  const encoded = bytesToBase64(bytes);
  assert.equal(encoded, Buffer.from(bytes).toString("base64"));
  assert.deepEqual(base64ToBytes(encoded), bytes);
});
