// @ts-check
// The host's page function that reads a download the page holds (a blob: or data: URL, or a
// same-origin link with a download attribute) in Diwall's isolated world, piece by piece:
// open(url) fetches it and answers {token, size, type}; read(token, offset, length) answers the
// base64 of that slice; close(token) forgets it. Its arguments come from the host; no page script
// can see or call it.
(/** @param {string} op @param {string} url @param {string} token @param {number} offset @param {number} length */ async function (op, url, token, offset, length) {
  const store = (globalThis.__diwallDownloadStore ??= new Map());
  if (op === "open") {
    const res = await fetch(url, { credentials: "include" });
    if (!res.ok) {
      throw new Error("HTTP " + res.status);
    }
    const blob = await res.blob();
    const id = crypto.randomUUID();
    store.set(id, blob);
    return JSON.stringify({ token: id, size: blob.size, type: blob.type });
  }
  const blob = store.get(token);
  if (op === "close" || blob === undefined) {
    store.delete(token);
    return "{}";
  }
  // Uint8Array's toBase64 is newer than the type-check's library.
  const bytes = /** @type {Uint8Array & { toBase64?: () => string }} */ (new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()));
  if (typeof bytes.toBase64 === "function") {
    return bytes.toBase64();
  }
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode.apply(null, Array.from(bytes.subarray(i, i + 0x8000)));
  }
  return btoa(s);
})
