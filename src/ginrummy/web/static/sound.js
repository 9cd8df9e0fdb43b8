// Optional table sounds, off until the player turns them on: short tones made with WebAudio,
// so there is nothing to download.
const KEY = "ginrummy.sound";
let context = null;

export function soundOn() {
  return localStorage.getItem(KEY) === "on";
}

export function setSound(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
}

// Each event as (frequency Hz, start s, length s) notes.
const TUNES = {
  draw: [[520, 0, 0.06]],
  discard: [[330, 0, 0.08]],
  knock: [[196, 0, 0.12], [196, 0.16, 0.12]],
  gin: [[523, 0, 0.12], [659, 0.12, 0.12], [784, 0.24, 0.25]],
};

export function play(event) {
  if (!soundOn() || !TUNES[event]) return;
  try {
    context = context || new AudioContext();
    for (const [frequency, start, length] of TUNES[event]) {
      const at = context.currentTime + start;
      const tone = context.createOscillator();
      const volume = context.createGain();
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.15, at);
      volume.gain.exponentialRampToValueAtTime(0.001, at + length);
      tone.connect(volume).connect(context.destination);
      tone.start(at);
      tone.stop(at + length);
    }
  } catch {
    // no audio device: the game goes on silently
  }
}
