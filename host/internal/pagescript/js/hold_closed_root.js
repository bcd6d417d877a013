// Run on a closed shadow root with its host element: keeps the root by its
// host in the world, where the serializer's next run walks it like an open
// one.
(/** @this {ShadowRoot} @param {Element} host */ function (host) { (globalThis.__diwallRoots ||= new WeakMap()).set(host, this); })
