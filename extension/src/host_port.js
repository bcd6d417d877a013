// @ts-check
/**
 * The native-messaging connection to the diwall host: connects, sends `hello` first on every
 * connection, splits and joins chunked messages, and reconnects with exponential backoff when the
 * port drops (the host exited, or was never installed).
 */

import { ChunkReassembler, splitMessage } from "./chunks.js";
import { errorText } from "./errors.js";
import { isPlainObject } from "./params.js";

export const HOST_NAME = "com.diwall.host";
export const BACKOFF_FIRST_MS = 250;
export const BACKOFF_MAX_MS = 30_000;
/** A connection still open this long counts as a successful hello round even if the host is quiet. */
const HEALTHY_AFTER_MS = 5_000;

/** @typedef {(message: object) => boolean} Reply posts on the connection a request came on */

/**
 * @typedef {object} HostPortOptions
 * @property {string} [name] native host name; default HOST_NAME
 * @property {() => Promise<object>} hello builds the hello event, right before each connection
 * @property {(message: unknown, reply: Reply) => void} onMessage one whole message from the host
 * @property {() => void} [hostGone] called when the connection drops, and before every new one:
 *   what the last host left open (its approval questions) belongs to no host now
 * @property {() => void} [onConnected] called once the hello of a new connection is sent: what the
 *   new host must hear of (the open side panels) is said again
 */

export class HostPort {
  /** @type {Connection | undefined} */
  #conn;
  #connecting = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  #retryTimer;
  #backoffMs = BACKOFF_FIRST_MS;
  #chunkSeq = 0;
  #name;
  #hello;
  #onMessage;
  #hostGone;
  #onConnected;

  /** @param {HostPortOptions} options */
  constructor({ name = HOST_NAME, hello, onMessage, hostGone = () => {}, onConnected = () => {} }) {
    this.#name = name;
    this.#hello = hello;
    this.#onMessage = onMessage;
    this.#hostGone = hostGone;
    this.#onConnected = onConnected;
  }

  /** @returns {boolean} */
  get connected() {
    return this.#conn !== undefined;
  }

  /** Connects unless connected, connecting, or waiting out a backoff delay. */
  ensureConnected() {
    if (this.#conn !== undefined || this.#connecting || this.#retryTimer !== undefined) {
      return;
    }
    this.#connecting = true;
    this.#connect().finally(() => {
      this.#connecting = false;
    });
  }

  /**
   * Posts a message (an event) on the current connection; without one it is dropped, since the
   * host learns the state afresh from the next `hello`.
   * @param {object} message
   * @returns {boolean} whether it was posted
   */
  send(message) {
    return this.#conn?.send(message) ?? false;
  }

  /** @returns {Promise<void>} never rejects */
  async #connect() {
    /** @type {object} */
    let hello;
    /** @type {chrome.runtime.Port} */
    let port;
    // A worker that was stopped starts here too: the connection it had is gone with it.
    this.#forgetHost();
    try {
      hello = await this.#hello();
      port = chrome.runtime.connectNative(this.#name);
    } catch (err) {
      this.#retryLater(errorText(err));
      return;
    }
    const conn = new Connection(port, () => `e-${++this.#chunkSeq}`);
    this.#conn = conn;
    port.onDisconnect.addListener(() => {
      // Reading lastError here is what keeps Chrome from logging it as unchecked.
      const reason = chrome.runtime.lastError?.message ?? "the port was closed";
      this.#closed(conn, reason);
    });
    port.onMessage.addListener((message) => this.#received(conn, message));
    conn.healthyTimer = setTimeout(() => this.#healthy(conn), HEALTHY_AFTER_MS);
    conn.send(hello);
    try {
      this.#onConnected();
    } catch (err) {
      console.warn(`diwall: telling the new host what it must know failed: ${errorText(err)}`);
    }
  }

  /**
   * @param {Connection} conn
   * @param {unknown} message
   */
  #received(conn, message) {
    if (conn !== this.#conn) {
      return;
    }
    this.#healthy(conn);
    if (isPlainObject(message) && message.type === "chunk") {
      try {
        const whole = conn.reassembler.add(message);
        if (whole === undefined) {
          return;
        }
        message = whole;
      } catch (err) {
        console.warn(`diwall: dropped a chunked message from the host: ${errorText(err)}`);
        return;
      }
    }
    this.#onMessage(message, (reply) => conn.send(reply));
  }

  /**
   * The host answered, or the connection has stayed up: the next failure starts from the
   * shortest delay again.
   * @param {Connection} conn
   */
  #healthy(conn) {
    if (conn === this.#conn) {
      this.#backoffMs = BACKOFF_FIRST_MS;
    }
    clearTimeout(conn.healthyTimer);
  }

  /**
   * @param {Connection} conn
   * @param {string} reason
   */
  #closed(conn, reason) {
    conn.close();
    if (conn !== this.#conn) {
      return;
    }
    this.#conn = undefined;
    this.#forgetHost();
    this.#retryLater(reason);
  }

  #forgetHost() {
    try {
      this.#hostGone();
    } catch (err) {
      console.warn(`diwall: cleaning up after the host failed: ${errorText(err)}`);
    }
  }

  /** @param {string} reason */
  #retryLater(reason) {
    const delay = this.#backoffMs;
    this.#backoffMs = Math.min(this.#backoffMs * 2, BACKOFF_MAX_MS);
    console.warn(`diwall: native host ${this.#name} not connected (${reason}); retrying in ${delay} ms`);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.ensureConnected();
    }, delay);
  }
}

/** One native port and what belongs to it. */
class Connection {
  open = true;
  reassembler = new ChunkReassembler();
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  healthyTimer;
  #port;
  #newChunkId;

  /**
   * @param {chrome.runtime.Port} port
   * @param {() => string} newChunkId
   */
  constructor(port, newChunkId) {
    this.#port = port;
    this.#newChunkId = newChunkId;
  }

  /**
   * Posts message, as chunks when it is too large for one frame.
   * @param {object} message
   * @returns {boolean} whether it was posted
   */
  send(message) {
    if (!this.open) {
      return false;
    }
    const newChunkId = this.#newChunkId;
    /** @type {object[]} */
    let frames;
    try {
      frames = splitMessage(message, { newChunkId });
    } catch (err) {
      console.warn(`diwall: cannot serialize a message for the host: ${errorText(err)}`);
      return false;
    }
    try {
      for (const frame of frames) {
        this.#port.postMessage(frame);
      }
      return true;
    } catch (err) {
      // Nothing was posted if one frame failed. Should Chrome have measured that message larger
      // than we did ("Message length exceeded maximum allowed length."), chunks still fit.
      if (!this.open || frames.length > 1 || !/\blength\b/i.test(errorText(err))) {
        console.warn(`diwall: cannot post to the host: ${errorText(err)}`);
        return false;
      }
    }
    try {
      for (const frame of splitMessage(message, { newChunkId, limitBytes: 0 })) {
        this.#port.postMessage(frame);
      }
      return true;
    } catch (err) {
      console.warn(`diwall: cannot post to the host: ${errorText(err)}`);
      return false;
    }
  }

  close() {
    this.open = false;
    this.reassembler.clear();
    clearTimeout(this.healthyTimer);
  }
}
