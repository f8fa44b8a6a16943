/* Keeping a screen awake: the table screen, which nobody touches all evening, and a phone
   while a countdown runs (shell.js says when).

   The Screen Wake Lock API is offered to secure pages only (https, localhost), and the
   table's pages come over plain http from the Pi's address: there the phones and the
   table screen have no such API. So where it is missing or refused, a silent video of a
   still canvas plays in a corner instead, a pixel wide and transparent: Chromium keeps
   the display on while a video of a stream plays in view, whatever its size (its video
   wake lock; the test checks it asks the desktop), and Firefox while one whose source is
   a stream plays. Safari does neither: a Mac or an iPhone keeps its own settings. */

let wanted = false;    // what the page asked for last
let lock = null;       // the Wake Lock API's lock, "asking" while it is asked for
let refused = false;   // the API said no once: the video keeps the screen from then on
let video = null;      // the video, made when first needed

export function awake(want) {
  wanted = want && document.visibilityState === "visible";
  if (navigator.wakeLock && !refused) byLock();
  else byVideo();
}

function byLock() {
  if (wanted && !lock) {
    lock = "asking";
    navigator.wakeLock.request("screen").then((sentinel) => {
      lock = sentinel;
      // the browser lets the lock go when the page is hidden: asked again when it shows
      sentinel.addEventListener("release", () => { if (lock === sentinel) lock = null; });
      if (!wanted) byLock();
    }).catch(() => { lock = null; refused = true; byVideo(); });
  } else if (!wanted && lock && lock !== "asking") {
    lock.release().catch(() => null);
    lock = null;
  }
}

function byVideo() {
  if (wanted && !video) video = stillVideo();
  if (!video) return;
  if (wanted && video.paused) video.play().catch(() => null);   // a browser may pause it while hidden
  else if (!wanted && !video.paused) video.pause();
}

function stillVideo() {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 2;
  canvas.getContext("2d").fillRect(0, 0, 2, 2);
  const made = document.createElement("video");
  made.className = "awake";
  made.muted = true;
  made.playsInline = true;
  made.setAttribute("aria-hidden", "true");
  made.srcObject = canvas.captureStream(0);   // the one frame drawn: a still picture
  document.body.append(made);
  return made;
}
