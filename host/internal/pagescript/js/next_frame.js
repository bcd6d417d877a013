// Answers once the page has drawn a frame since it was called: two animation
// frames (the first begins a frame of the page as it is, the second comes
// once that frame was made), so that a capture of the latest frame Chrome
// drew (a screencast's first) shows the page as it is now. "" then; "late"
// when no frame came within 500 ms (a page Chrome does not draw: the host
// captures it another way). Run in Diwall's isolated world, where the page
// cannot replace requestAnimationFrame.
(/** @returns {Promise<string>} */ function () {
  return new Promise((done) => {
    const late = setTimeout(() => done("late"), 500);
    requestAnimationFrame(() => requestAnimationFrame(() => { clearTimeout(late); done(""); }));
  });
})
