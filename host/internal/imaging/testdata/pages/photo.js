// Paints every canvas.photo with a deterministic photo-like picture (a sky,
// a horizon, textured ground, soft blobs, fine grain), so the fixture pages
// carry images that compress like photographs without shipping any.
(function () {
  function rng(seed) {
    let s = (seed * 2654435761) >>> 0 || 1;
    return () => { s ^= s << 13; s >>>= 0; s ^= s >> 17; s ^= s << 5; s >>>= 0; return s / 4294967296; };
  }
  for (const c of document.querySelectorAll('canvas.photo')) {
    const r = rng(+c.dataset.seed || 1), w = c.width, h = c.height;
    const g = c.getContext('2d');
    const sky = g.createLinearGradient(0, 0, 0, h);
    const hue = Math.floor(r() * 360);
    sky.addColorStop(0, `hsl(${hue},55%,70%)`);
    sky.addColorStop(0.45, `hsl(${(hue + 30) % 360},40%,85%)`);
    sky.addColorStop(0.5, `hsl(${(hue + 120) % 360},35%,35%)`);
    sky.addColorStop(1, `hsl(${(hue + 140) % 360},45%,20%)`);
    g.fillStyle = sky; g.fillRect(0, 0, w, h);
    for (let i = 0; i < 40; i++) {
      const x = r() * w, y = r() * h, rad = 5 + r() * w / 6;
      const b = g.createRadialGradient(x, y, 0, x, y, rad);
      b.addColorStop(0, `hsla(${Math.floor(r() * 360)},50%,${30 + r() * 50}%,0.7)`);
      b.addColorStop(1, 'hsla(0,0%,50%,0)');
      g.fillStyle = b; g.fillRect(x - rad, y - rad, 2 * rad, 2 * rad);
    }
    const img = g.getImageData(0, 0, w, h), d = img.data;
    for (let i = 0; i < d.length; i += 4) {
      const n = (r() - 0.5) * 16;
      d[i] += n; d[i + 1] += n; d[i + 2] += n;
    }
    g.putImageData(img, 0, 0);
  }
})();
