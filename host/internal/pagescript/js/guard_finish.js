// Finishes the capture guard (guard.js) whose id the host gives, if it is
// still the page's, and answers its report; else says it was gone.
(/** @param {string} id */ function (id) {
  const g = globalThis.__diwallGuard;
  return g && g.id === id ? (globalThis.__diwallGuard = null, g.finish()) : JSON.stringify({ lost: true, why: "the guard was gone" });
})
