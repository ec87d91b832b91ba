// Card sounds made in the browser with Web Audio (no sound files): a soft noise burst for a card
// (deal, draw, discard, spread), a two-note chime for your turn, a rising or falling phrase for a
// hand won or lost. Silent until the player's first gesture (browsers require it) and while muted;
// the mute choice is kept in localStorage.

export type Sound = 'deal' | 'draw' | 'discard' | 'spread' | 'turn' | 'won' | 'lost';

const kMuteKey = 'tonk.muted';

type Ctx = AudioContext;

export class Sounds {
  private ctx: Ctx | null = null;
  private unlocked = false;
  muted: boolean;

  constructor(private readonly storage: Storage | null = typeof localStorage === 'undefined' ? null : localStorage) {
    let m = false;
    try { m = this.storage?.getItem(kMuteKey) === 'true'; } catch { /* storage off */ }
    this.muted = m;
  }

  /** Called on the first pointer or key gesture: only then may audio start. */
  unlock(): void { this.unlocked = true; }

  setMuted(muted: boolean): void {
    this.muted = muted;
    try { this.storage?.setItem(kMuteKey, String(muted)); } catch { /* storage off */ }
  }

  /** Whether a sound would be heard now (not muted, a gesture seen, Web Audio present). */
  get audible(): boolean {
    return !this.muted && this.unlocked && typeof AudioContext !== 'undefined';
  }

  play(what: Sound, count = 1): void {
    if (!this.audible) return;
    try {
      this.ctx ??= new AudioContext();
      if (this.ctx.state === 'suspended') void this.ctx.resume();
      const t = this.ctx.currentTime + 0.01;
      switch (what) {
        case 'deal': for (let i = 0; i < Math.min(count, 12); ++i) this.card(t + i * 0.07, 0.05, 2400); break;
        case 'draw': this.card(t, 0.09, 1800); break;
        case 'discard': this.card(t, 0.07, 3200); break;
        case 'spread': for (let i = 0; i < 3; ++i) this.card(t + i * 0.06, 0.05, 2800); break;
        case 'turn': this.tone(t, 660, 0.12); this.tone(t + 0.13, 880, 0.16); break;
        case 'won': [523, 659, 784, 1047].forEach((f, i) => this.tone(t + i * 0.1, f, 0.18)); break;
        case 'lost': [392, 330, 262].forEach((f, i) => this.tone(t + i * 0.14, f, 0.22)); break;
      }
    } catch { /* no audio device: play silently */ }
  }

  /** A card sliding on felt: band-passed noise with a quick decay. */
  private card(at: number, length: number, freq: number): void {
    const ctx = this.ctx!;
    const frames = Math.ceil(ctx.sampleRate * length);
    const buf = ctx.createBuffer(1, frames, ctx.sampleRate);
    const data = buf.getChannelData(0);
    for (let i = 0; i < frames; ++i) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 2;
    const src = ctx.createBufferSource();
    src.buffer = buf;
    const filter = ctx.createBiquadFilter();
    filter.type = 'bandpass';
    filter.frequency.value = freq;
    const gain = ctx.createGain();
    gain.gain.value = 0.35;
    src.connect(filter).connect(gain).connect(ctx.destination);
    src.start(at);
  }

  private tone(at: number, freq: number, length: number): void {
    const ctx = this.ctx!;
    const osc = ctx.createOscillator();
    osc.type = 'triangle';
    osc.frequency.value = freq;
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + length + 0.02);
  }
}
