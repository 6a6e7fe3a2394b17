/**
 * The picklist's sounds (PICK-004/005), made in the browser with WebAudio: no audio files. Positive: two short rising
 * tones; negative: a low buzz. Muted while the user's mute setting (this device) is on.
 */
const MUTE_KEY = 'vario.picklist.muted';

export const soundMuted = () => typeof localStorage !== 'undefined' && localStorage.getItem(MUTE_KEY) === '1';
export const setSoundMuted = (muted: boolean) => localStorage.setItem(MUTE_KEY, muted ? '1' : '0');

let context: AudioContext | null = null;
/** The sounds played, newest last; the last 20 also on `<html data-sounds>` for the browser tests. */
export const playedSounds: ('positive' | 'negative')[] = [];

function tone(ctx: AudioContext, frequency: number, start: number, duration: number, type: OscillatorType) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.25, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + duration + 0.02);
}

/** Plays the sound unless muted; answers whether it played. */
export function playSound(kind: 'positive' | 'negative'): boolean {
  if (soundMuted()) return false;
  const Ctor =
    typeof window === 'undefined' ? undefined : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Ctor) return false;
  context ??= new Ctor();
  const ctx = context;
  if (ctx.state === 'suspended') void ctx.resume();
  const t = ctx.currentTime;
  if (kind === 'positive') {
    tone(ctx, 880, t, 0.12, 'sine');
    tone(ctx, 1320, t + 0.13, 0.16, 'sine');
  } else {
    tone(ctx, 160, t, 0.35, 'square');
  }
  playedSounds.push(kind);
  if (typeof document !== 'undefined') document.documentElement.dataset.sounds = playedSounds.slice(-20).join(' ');
  return true;
}
