// Package imaging turns a raw capture of a tab's viewport into the image that
// `observe` returns (docs/contract.md §3): every sensitive field and every frame covered by
// a solid MaskColor rectangle, the image downscaled so its long side is at most
// about 1568 px, and a small numbered label drawn beside every element the
// model can act on, its element outlined in the label's colour, then encoded
// as a palette PNG (256 colours, every colour drawn here kept exactly).
//
// Masks are painted on the decoded capture before anything else happens to it,
// and painted again after scaling, so no pixel under a mask ever leaves this
// package with anything but MaskColor in it. Labels are never drawn over a
// mask.
//
// Compose is safe for concurrent use; it keeps large buffers in sync.Pools.
package imaging
