// The synthetic studio of a crash table, drawn on a canvas from the table's own events:
// the curve of the multiplier since the launch and, at its tip, the skin's traveller (an
// astronaut's rocket over a starfield at spaceman, a fish on its lure rising through the
// water at big bass), with the big multiplier over it ("2.15x"). At the crash the curve
// stops at the crash point and the words say so ("Crashed at 2.37x"), 1.00x included.
// Between flights the traveller waits at the start. With less motion asked for, the
// number changes a few times a second and there are no stars, bubbles or sparks.
import { useCallback, useEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { motionReduced } from '../../lib/a11y/motion';
import { type LiveStore, useLiveX } from './live';
import { type Flight as FlightTimes, ONE, timeTo, xText } from './multiplier';

export type Skin = 'spaceman' | 'bigbass';

export function skinOf(v: string | undefined): Skin {
  return v === 'bigbass' ? 'bigbass' : 'spaceman';
}

interface Particle {
  x: number; // 0..1 of the width
  y: number; // 0..1 of the height
  r: number;
  speed: number;
}

const PARTICLES = 46;

function particles(): Particle[] {
  return Array.from({ length: PARTICLES }, () => ({
    x: Math.random(),
    y: Math.random(),
    r: 0.6 + Math.random() * 1.8,
    speed: 0.2 + Math.random() * 0.8,
  }));
}

const PALETTE: Record<Skin, { sky: [string, string]; curve: string; fill: string }> = {
  spaceman: { sky: ['#0b0f2e', '#2a1459'], curve: '#ffd166', fill: 'rgba(255, 209, 102, 0.16)' },
  bigbass: { sky: ['#0a4d68', '#052236'], curve: '#8bf0ff', fill: 'rgba(139, 240, 255, 0.16)' },
};

/** The traveller at (x, y), pointing along `angle` (radians, 0 to the right). */
function drawTraveller(
  ctx: CanvasRenderingContext2D,
  skin: Skin,
  x: number,
  y: number,
  angle: number,
  size: number,
  crashed: boolean,
): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  if (skin === 'spaceman') {
    if (!crashed) {
      ctx.fillStyle = '#ff7b39'; // the flame
      ctx.beginPath();
      ctx.moveTo(-size * 0.9, 0);
      ctx.lineTo(-size * 0.45, -size * 0.22);
      ctx.lineTo(-size * 0.45, size * 0.22);
      ctx.fill();
    }
    ctx.fillStyle = crashed ? '#8d8d99' : '#f1f1f7'; // the hull
    ctx.beginPath();
    ctx.moveTo(size * 0.75, 0);
    ctx.quadraticCurveTo(size * 0.25, -size * 0.32, -size * 0.5, -size * 0.26);
    ctx.lineTo(-size * 0.5, size * 0.26);
    ctx.quadraticCurveTo(size * 0.25, size * 0.32, size * 0.75, 0);
    ctx.fill();
    ctx.fillStyle = '#e63946'; // the fins
    ctx.fillRect(-size * 0.5, -size * 0.42, size * 0.28, size * 0.16);
    ctx.fillRect(-size * 0.5, size * 0.26, size * 0.28, size * 0.16);
    ctx.fillStyle = '#4cc9f0'; // the astronaut's window
    ctx.beginPath();
    ctx.arc(size * 0.18, 0, size * 0.14, 0, Math.PI * 2);
    ctx.fill();
  } else {
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.7)'; // the line to the lure
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(size * 0.7, 0);
    ctx.lineTo(size * 1.4, -size * 0.9);
    ctx.stroke();
    ctx.fillStyle = crashed ? '#7a8a70' : '#5fb04a'; // the bass
    ctx.beginPath();
    ctx.ellipse(0, 0, size * 0.62, size * 0.3, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.beginPath(); // the tail
    ctx.moveTo(-size * 0.5, 0);
    ctx.lineTo(-size * 0.95, -size * 0.3);
    ctx.lineTo(-size * 0.95, size * 0.3);
    ctx.fill();
    ctx.fillStyle = '#f4e285'; // the belly
    ctx.beginPath();
    ctx.ellipse(size * 0.05, size * 0.12, size * 0.42, size * 0.12, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#fff'; // the eye
    ctx.beginPath();
    ctx.arc(size * 0.38, -size * 0.06, size * 0.08, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#111';
    ctx.beginPath();
    ctx.arc(size * 0.4, -size * 0.06, size * 0.04, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

export interface Scene {
  skin: Skin;
  flight: FlightTimes | null;
  x: number; // hundredths shown now
  crashed: boolean;
  reduced: boolean;
}

/** Draws one frame of the studio on `canvas` (sized to its box, in device pixels). */
export function drawScene(canvas: HTMLCanvasElement, scene: Scene, dots: Particle[]): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return; // no canvas here (tests): the words still say it all
  const ratio = Math.min(2, window.devicePixelRatio || 1);
  const w = Math.max(1, Math.round(canvas.clientWidth * ratio));
  const h = Math.max(1, Math.round(canvas.clientHeight * ratio));
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const { skin, flight, x, crashed, reduced } = scene;
  const colours = PALETTE[skin];
  const sky = ctx.createLinearGradient(0, 0, 0, h);
  sky.addColorStop(0, colours.sky[0]);
  sky.addColorStop(1, colours.sky[1]);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, w, h);

  // The stars drift left (the rocket flies on), the bubbles rise; both only with motion.
  const moving = flight !== null && !crashed && !reduced;
  ctx.fillStyle = skin === 'spaceman' ? 'rgba(255, 255, 255, 0.8)' : 'rgba(200, 245, 255, 0.45)';
  for (const d of dots) {
    if (moving) {
      if (skin === 'spaceman') d.x = (d.x - d.speed * 0.004 + 1) % 1;
      else d.y = (d.y - d.speed * 0.004 + 1) % 1;
    }
    ctx.beginPath();
    ctx.arc(d.x * w, d.y * h, d.r * ratio, 0, Math.PI * 2);
    if (skin === 'spaceman') ctx.fill();
    else {
      ctx.strokeStyle = 'rgba(200, 245, 255, 0.5)';
      ctx.stroke();
    }
  }

  // Room for the traveller at the start of its curve, wherever the curve starts.
  const size = Math.max(22, Math.min(w, h) * 0.12);
  const pad = Math.max(18 * ratio, size * 0.85);
  const left = pad;
  const bottom = h - pad;
  const width = w - 2 * pad;
  const height = h - 2 * pad;
  // The axes grow with the flight, so the traveller stays in view.
  const t = flight ? timeTo(x, flight.growth) : 0;
  const tMax = Math.max(8000, t * 1.18);
  const xMax = Math.max(200, 100 + (x - 100) * 1.22);
  const at = (ms: number) => {
    const m = flight ? Math.exp(flight.growth * ms) * 100 : ONE;
    return [left + (ms / tMax) * width, bottom - ((m - 100) / (xMax - 100)) * height] as const;
  };
  const tip = at(t);
  if (flight && t > 0) {
    ctx.beginPath();
    ctx.moveTo(left, bottom);
    const steps = 48;
    for (let i = 1; i <= steps; i++) ctx.lineTo(...at((t * i) / steps));
    ctx.lineTo(tip[0], bottom);
    ctx.closePath();
    ctx.fillStyle = colours.fill;
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(left, bottom);
    for (let i = 1; i <= steps; i++) ctx.lineTo(...at((t * i) / steps));
    ctx.strokeStyle = crashed ? '#ff5d5d' : colours.curve;
    ctx.lineWidth = 4 * ratio;
    ctx.lineJoin = 'round';
    ctx.stroke();
  }
  const before = at(Math.max(0, t - 400));
  const angle = t > 0 ? Math.atan2(tip[1] - before[1], tip[0] - before[0]) : -Math.PI / 5;
  drawTraveller(ctx, skin, tip[0], tip[1], angle, size, crashed);
  if (crashed && !reduced) {
    // A burst of sparks (or of bubbles) where the flight ended.
    ctx.strokeStyle = skin === 'spaceman' ? '#ffb703' : '#d9f7ff';
    ctx.lineWidth = 2 * ratio;
    for (let i = 0; i < 10; i++) {
      const a = (i / 10) * Math.PI * 2;
      ctx.beginPath();
      ctx.moveTo(tip[0] + Math.cos(a) * size * 0.6, tip[1] + Math.sin(a) * size * 0.6);
      ctx.lineTo(tip[0] + Math.cos(a) * size, tip[1] + Math.sin(a) * size);
      ctx.stroke();
    }
  }
}

/** The words over the studio: the multiplier, or the crash with its point. */
export function multiplierWords(t: TFunction, x: number, crashed: boolean): string {
  return crashed ? t('CRASH_CRASHED_AT', { x: xText(x) }) : t('CRASH_X', { x: xText(x) });
}

function BigMultiplier({ live, crashed }: { live: LiveStore; crashed: boolean }) {
  const { t } = useTranslation();
  const x = useLiveX(live);
  return (
    <p
      className={`crash-x ${crashed ? 'crashed' : ''}`}
      data-testid="multiplier"
      data-x={xText(x)}
      data-crashed={crashed ? 'true' : undefined}
    >
      {multiplierWords(t, x, crashed)}
    </p>
  );
}

export interface FlightProps {
  skin: Skin;
  flight: FlightTimes | null;
  crashX: number | null;
  live: LiveStore; // the page's clock (./live)
}

/**
 * The studio. The canvas is drawn each animation frame while the flight goes on (the stars
 * and bubbles move), else whenever the multiplier changes.
 */
export function FlightStudio({ skin, flight, crashX, live }: FlightProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const dots = useRef<Particle[]>(particles());
  const draw = useCallback(() => {
    const c = canvas.current;
    if (!c) return;
    const reduced = motionReduced();
    drawScene(
      c,
      { skin, flight, x: live.get().x, crashed: crashX !== null, reduced },
      reduced ? [] : dots.current,
    );
  }, [skin, flight, crashX, live]);
  useEffect(() => {
    draw();
    const off = live.subscribe(draw);
    let id = 0;
    const loop = () => {
      draw();
      id = requestAnimationFrame(loop);
    };
    const moving = flight && crashX === null && typeof requestAnimationFrame === 'function';
    if (moving && !motionReduced()) id = requestAnimationFrame(loop);
    return () => {
      off();
      if (id) cancelAnimationFrame(id);
    };
  }, [draw, live, flight, crashX]);
  // A new size: drawn again at once.
  useEffect(() => {
    const c = canvas.current;
    if (!c || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => draw());
    observer.observe(c);
    return () => observer.disconnect();
  }, [draw]);
  const phase = crashX !== null ? 'crashed' : flight ? 'flying' : 'waiting';
  return (
    <div
      className={`crash-flight skin-${skin}`}
      data-testid="flight"
      data-skin={skin}
      data-phase={phase}
    >
      <canvas ref={canvas} className="crash-canvas" aria-hidden="true" />
      <BigMultiplier live={live} crashed={crashX !== null} />
    </div>
  );
}
