// @ts-check
/**
 * Chunking of messages too large for one native-messaging frame (PROTOCOL.md, "Chunks").
 *
 * A chunked message is its UTF-8 JSON cut into pieces of raw bytes, each sent base64-encoded as
 * `{type: "chunk", chunk_id, index, count, data}`. Cuts fall anywhere, even inside a multi-byte
 * character: the receiver joins the bytes before decoding them.
 *
 * Pure code, no chrome.* calls, so it runs under node:test as it is.
 */

/** The extension cuts outgoing messages at 32 MiB of raw bytes (about 43 MiB of base64). */
export const OUTGOING_CHUNK_BYTES = 32 * 1024 * 1024;

/** Chunked messages being reassembled at once, as the host allows. */
export const MAX_CHUNKED_IN_FLIGHT = 4;

/** Largest reassembled message, as the host allows. */
export const MAX_REASSEMBLED_BYTES = 256 * 1024 * 1024;

/**
 * @typedef {object} Chunk
 * @property {"chunk"} type
 * @property {string} chunk_id unique per sender among messages in flight
 * @property {number} index 0..count-1, in order
 * @property {number} count
 * @property {string} data base64 of this piece's raw bytes
 */

/** A chunk that breaks the protocol; the message it belonged to is dropped. */
export class ChunkError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "ChunkError";
  }
}

/**
 * @typedef {object} SplitOptions
 * @property {() => string} newChunkId called once per message that gets chunked
 * @property {number} [chunkBytes] raw bytes per piece; default OUTGOING_CHUNK_BYTES
 * @property {number} [limitBytes] a message whose UTF-8 JSON is longer is chunked; default chunkBytes
 */

/**
 * Returns the frames to post for message: [message] itself when its UTF-8 JSON is at most
 * limitBytes long, otherwise chunk frames.
 * @param {object} message
 * @param {SplitOptions} options
 * @returns {object[]}
 */
export function splitMessage(message, { newChunkId, chunkBytes = OUTGOING_CHUNK_BYTES, limitBytes = chunkBytes }) {
  if (!Number.isSafeInteger(chunkBytes) || chunkBytes < 1) {
    throw new RangeError(`chunkBytes must be a positive integer, got ${chunkBytes}`);
  }
  const json = JSON.stringify(message);
  // UTF-8 takes at most 3 bytes per UTF-16 code unit: most messages are decided without encoding.
  if (json.length * 3 <= limitBytes) {
    return [message];
  }
  const bytes = new TextEncoder().encode(json);
  if (bytes.length <= limitBytes) {
    return [message];
  }
  return chunkBytesOf(bytes, newChunkId(), chunkBytes);
}

/**
 * Cuts bytes into chunk frames of at most chunkBytes raw bytes each.
 * @param {Uint8Array} bytes
 * @param {string} chunkId
 * @param {number} chunkBytes
 * @returns {Chunk[]}
 */
export function chunkBytesOf(bytes, chunkId, chunkBytes) {
  const count = Math.max(1, Math.ceil(bytes.length / chunkBytes));
  /** @type {Chunk[]} */
  const chunks = [];
  for (let index = 0; index < count; index++) {
    const piece = bytes.subarray(index * chunkBytes, (index + 1) * chunkBytes);
    chunks.push({ type: "chunk", chunk_id: chunkId, index, count, data: bytesToBase64(piece) });
  }
  return chunks;
}

/**
 * @typedef {object} Pending
 * @property {number} count
 * @property {number} next index expected next
 * @property {number} size raw bytes so far
 * @property {Uint8Array[]} pieces
 */

/**
 * Reassembles incoming chunked messages, keyed by chunk_id. One instance per connection.
 */
export class ChunkReassembler {
  /** @type {Map<string, Pending>} */
  #pending = new Map();
  #maxInFlight;
  #maxBytes;

  /** @param {{maxInFlight?: number, maxBytes?: number}} [limits] */
  constructor({ maxInFlight = MAX_CHUNKED_IN_FLIGHT, maxBytes = MAX_REASSEMBLED_BYTES } = {}) {
    this.#maxInFlight = maxInFlight;
    this.#maxBytes = maxBytes;
  }

  /** Number of chunked messages partly received. */
  get inFlight() {
    return this.#pending.size;
  }

  /**
   * Takes one chunk frame. Returns the reassembled message when this chunk completes it, else
   * undefined. Throws ChunkError, and forgets that message, when the chunk breaks the protocol.
   * @param {unknown} frame
   * @returns {Record<string, unknown> | undefined}
   */
  add(frame) {
    const chunk = validChunk(frame);
    const id = chunk.chunk_id;
    let pending = this.#pending.get(id);
    if (pending === undefined) {
      if (chunk.index !== 0) {
        throw new ChunkError(`chunk ${id}: index ${chunk.index} out of order (expected 0)`);
      }
      if (this.#pending.size >= this.#maxInFlight) {
        throw new ChunkError(`chunk ${id}: more than ${this.#maxInFlight} chunked messages in flight`);
      }
      pending = { count: chunk.count, next: 0, size: 0, pieces: [] };
      this.#pending.set(id, pending);
    }
    try {
      if (chunk.count !== pending.count) {
        throw new ChunkError(`chunk ${id}: count changed from ${pending.count} to ${chunk.count}`);
      }
      if (chunk.index !== pending.next) {
        throw new ChunkError(`chunk ${id}: index ${chunk.index} out of order (expected ${pending.next})`);
      }
      const piece = base64ToBytes(chunk.data, id);
      pending.size += piece.length;
      if (pending.size > this.#maxBytes) {
        throw new ChunkError(`chunk ${id}: message larger than ${this.#maxBytes} bytes`);
      }
      pending.pieces.push(piece);
      pending.next++;
    } catch (err) {
      this.#pending.delete(id);
      throw err;
    }
    if (pending.next < pending.count) {
      return undefined;
    }
    this.#pending.delete(id);
    return parseMessage(concat(pending.pieces, pending.size), id);
  }

  /** Forgets every partly received message. */
  clear() {
    this.#pending.clear();
  }
}

/**
 * @param {unknown} frame
 * @returns {Chunk}
 */
function validChunk(frame) {
  if (typeof frame !== "object" || frame === null) {
    throw new ChunkError("chunk is not an object");
  }
  const c = /** @type {Record<string, unknown>} */ (frame);
  if (typeof c.chunk_id !== "string" || c.chunk_id === "") {
    throw new ChunkError("chunk without a chunk_id");
  }
  const id = c.chunk_id;
  if (!Number.isSafeInteger(c.count) || /** @type {number} */ (c.count) < 1) {
    throw new ChunkError(`chunk ${id}: count must be a positive integer`);
  }
  const count = /** @type {number} */ (c.count);
  if (!Number.isSafeInteger(c.index) || /** @type {number} */ (c.index) < 0 || /** @type {number} */ (c.index) >= count) {
    throw new ChunkError(`chunk ${id}: index must be an integer in 0..${count - 1}`);
  }
  if (typeof c.data !== "string") {
    throw new ChunkError(`chunk ${id}: data must be a base64 string`);
  }
  return { type: "chunk", chunk_id: id, index: /** @type {number} */ (c.index), count, data: c.data };
}

/**
 * @param {Uint8Array} bytes
 * @param {string} id
 * @returns {Record<string, unknown>}
 */
function parseMessage(bytes, id) {
  let value;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (err) {
    throw new ChunkError(`chunk ${id}: reassembled message is not UTF-8 JSON: ${err instanceof Error ? err.message : err}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ChunkError(`chunk ${id}: reassembled message is not a JSON object`);
  }
  return value;
}

/**
 * @param {Uint8Array[]} pieces
 * @param {number} size
 */
function concat(pieces, size) {
  const out = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

/**
 * Standard base64 (with padding) of bytes.
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function bytesToBase64(bytes) {
  const native = /** @type {{toBase64?: () => string}} */ (/** @type {unknown} */ (bytes));
  if (typeof native.toBase64 === "function") {
    return native.toBase64(); // Chrome 140+, Node 25+
  }
  const step = 0x8000; // keeps the argument list of fromCharCode short
  let binary = "";
  for (let i = 0; i < bytes.length; i += step) {
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return btoa(binary);
}

/**
 * @param {string} base64
 * @param {string} id chunk_id, for the error message
 * @returns {Uint8Array}
 */
export function base64ToBytes(base64, id = "?") {
  const fromBase64 = /** @type {{fromBase64?: (s: string) => Uint8Array}} */ (/** @type {unknown} */ (Uint8Array)).fromBase64;
  try {
    if (typeof fromBase64 === "function") {
      return fromBase64.call(Uint8Array, base64); // Chrome 140+
    }
    const binary = atob(base64);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) {
      out[i] = binary.charCodeAt(i);
    }
    return out;
  } catch {
    throw new ChunkError(`chunk ${id}: data is not valid base64`);
  }
}
