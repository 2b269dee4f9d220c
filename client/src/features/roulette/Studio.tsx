// The synthetic studio: a roulette wheel drawn on a canvas from the table's own events.
// The wheel turns slowly all the time; while the server spins (state 6) the ball runs
// round the rim the other way; when the result arrives it slows down and drops into the
// server's pocket, where it stays until the next round opens. The static wheel is
// drawn once to an offscreen canvas, so a frame is one rotation and one ball.
// It paints at a studio camera's 30 frames a second, not at the screen's 60-120: the
// picture is as smooth as the live video, and a phone's battery pays for half as many
// frames. For players who ask for less motion the wheel stands still between spins and
// nothing is painted until the ball is in play (WCAG 2.2.2: no motion that cannot be
// stopped).
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { EUROPEAN_WHEEL, colourOf, pocketLabel } from './wheel';
import { motionReduced } from '../../lib/a11y/motion';

const TAU = Math.PI * 2;
const WHEEL_SPEED = TAU / 14; // radians a second
const BALL_SPEED = TAU / 0.9;
const LAND_MS = 2000;
const LAND_FAST_MS = 700; // a result that comes without a visible spin (after a reconnect)
export const FRAME_MS = 1000 / 30;
const STILL_CHECK_MS = 250; // a still wheel looks again this often (a setting, a new phase)

const POCKET_COLOURS = { green: '#1f8f4e', red: '#c8262b', black: '#16181d' } as const;

export interface StudioProps {
  spinning: boolean; // the ball is in play (state 6)
  result: number | null; // the server's pocket for this round, once drawn
  resultKey: string | null; // the round the result belongs to
  onFirstFrame?: () => void;
  onLanded?: (pocket: number) => void;
  wheel?: readonly number[]; // pockets clockwise from zero (American: 00 is 37)
  /** Under the live video (ui/TableVideo): it follows the table but draws nothing. */
  hidden?: boolean;
}

type Phase = 'idle' | 'spinning' | 'landing' | 'landed';

interface Motion {
  phase: Phase;
  wheelBase: number; // wheel angle at t = 0 (still: the angle)
  still: boolean; // the wheel stands still between spins (less motion)
  ballAngle: number; // absolute angle while spinning
  ballRel: number; // ball angle relative to the wheel while landing / landed
  landFrom: number;
  landTo: number;
  landStart: number;
  landMs: number;
  pocket: number | null;
  key: string | null;
  lastT: number;
}

function pocketAngle(pocket: number, wheel: readonly number[]): number {
  return wheel.indexOf(pocket) * (TAU / wheel.length);
}

function easeOut(p: number): number {
  return 1 - (1 - p) ** 3;
}

/**
 * The next painted frame's time: frames come at the screen's rate, and one is painted when
 * a studio frame is due (a little early rather than a whole screen frame late).
 */
export function paintDue(now: number, lastPaint: number | null): boolean {
  return lastPaint === null || now - lastPaint >= FRAME_MS - 4;
}

/**
 * The wheel's angle at `now`: turning, or, for players who ask for less motion, still where
 * it was (a change of the setting moves it on from there, without a jump).
 */
function wheelAngle(m: Motion, now: number): number {
  const still = motionReduced();
  const turned = (WHEEL_SPEED * now) / 1000;
  if (still !== m.still) {
    const at = m.still ? m.wheelBase : m.wheelBase + turned;
    m.wheelBase = still ? at : at - turned;
    m.still = still;
  }
  return still ? m.wheelBase : m.wheelBase + turned;
}

/** Draws the wheel (without ball) to a square canvas of `size` pixels. */
function drawWheel(size: number, wheel: readonly number[]): HTMLCanvasElement {
  const STEP = TAU / wheel.length;
  const c = document.createElement('canvas');
  c.width = c.height = size;
  const g = c.getContext('2d');
  if (!g) return c;
  const r = size / 2;
  g.translate(r, r);
  // Wooden bowl and metal rim.
  g.fillStyle = '#5b3417';
  g.beginPath();
  g.arc(0, 0, r, 0, TAU);
  g.fill();
  g.fillStyle = '#c9a24a';
  g.beginPath();
  g.arc(0, 0, r * 0.86, 0, TAU);
  g.fill();
  // Pockets.
  const outer = r * 0.82;
  const inner = r * 0.58;
  wheel.forEach((n, i) => {
    const a0 = i * STEP - STEP / 2 - Math.PI / 2;
    g.fillStyle = POCKET_COLOURS[colourOf(n)];
    g.beginPath();
    g.arc(0, 0, outer, a0, a0 + STEP);
    g.arc(0, 0, inner, a0 + STEP, a0, true);
    g.closePath();
    g.fill();
    g.strokeStyle = '#d9c27a';
    g.lineWidth = Math.max(1, size / 400);
    g.stroke();
    g.save();
    g.rotate(i * STEP);
    g.fillStyle = '#f4f1ea';
    g.font = `700 ${Math.round(size * 0.042)}px system-ui, sans-serif`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(pocketLabel(n), 0, -(outer + inner * 1.12) / 2 - size * 0.03);
    g.restore();
  });
  // The cone and its turret.
  const cone = g.createRadialGradient(0, 0, r * 0.05, 0, 0, inner);
  cone.addColorStop(0, '#e6c96b');
  cone.addColorStop(0.35, '#7a4a22');
  cone.addColorStop(1, '#3d220d');
  g.fillStyle = cone;
  g.beginPath();
  g.arc(0, 0, inner * 0.92, 0, TAU);
  g.fill();
  g.strokeStyle = '#e6c96b';
  g.lineWidth = size * 0.012;
  for (let k = 0; k < 4; k++) {
    g.beginPath();
    g.moveTo(0, 0);
    g.lineTo(Math.cos((k * TAU) / 4) * inner * 0.45, Math.sin((k * TAU) / 4) * inner * 0.45);
    g.stroke();
  }
  return c;
}

export function Studio({
  spinning,
  result,
  resultKey,
  onFirstFrame,
  onLanded,
  wheel: pockets = EUROPEAN_WHEEL,
  hidden = false,
}: StudioProps) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const shadowRef = useRef<HTMLDivElement>(null);
  const motion = useRef<Motion>({
    phase: 'idle',
    wheelBase: 0,
    still: false,
    ballAngle: 0,
    ballRel: 0,
    landFrom: 0,
    landTo: 0,
    landStart: 0,
    landMs: LAND_MS,
    pocket: null,
    key: null,
    lastT: 0,
  });
  const firstFrame = useEffectEvent(() => onFirstFrame?.());
  const landed = useEffectEvent((pocket: number) => onLanded?.(pocket));
  const hiddenRef = useRef(hidden);
  useEffect(() => {
    hiddenRef.current = hidden;
  }, [hidden]);

  // Follow the table: spin, land on the result, clear for the next round.
  useEffect(() => {
    const m = motion.current;
    const now = performance.now();
    const wheel = wheelAngle(m, now);
    if (result !== null && resultKey !== null && m.key !== resultKey) {
      m.key = resultKey;
      m.pocket = result;
      const from =
        m.phase === 'spinning' ? m.ballAngle - wheel : pocketAngle(result, pockets) + 3 * TAU;
      let to = pocketAngle(result, pockets);
      while (to > from - 2 * TAU) to -= TAU; // at least two more turns, the way the ball runs
      m.landFrom = from;
      m.landTo = to;
      m.landStart = now;
      m.landMs = m.phase === 'spinning' && !motionReduced() ? LAND_MS : LAND_FAST_MS;
      m.phase = 'landing';
    } else if (result === null && spinning && m.phase !== 'spinning') {
      m.phase = 'spinning';
      m.key = null;
      m.ballAngle = wheel + Math.PI;
    } else if (result === null && !spinning && m.phase !== 'idle') {
      m.phase = 'idle';
      m.key = null;
      m.pocket = null;
    }
    const c = canvasRef.current;
    if (c) {
      c.dataset.phase = m.phase;
      if (m.phase !== 'landed') delete c.dataset.landed;
    }
  }, [spinning, result, resultKey, pockets]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const g = canvas.getContext('2d');
    if (!g) return;
    let wheelImage: HTMLCanvasElement | null = null;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let first = true;
    let lastPaint: number | null = null;
    let stillPicture = ''; // what the canvas shows while nothing moves (phase, hidden, size)
    const next = () => {
      frame = requestAnimationFrame(draw);
    };

    const resize = () => {
      const box = canvas.parentElement?.getBoundingClientRect();
      const css = Math.max(40, Math.floor(Math.min(box?.width ?? 300, box?.height ?? 300)));
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      canvas.style.width = canvas.style.height = `${css}px`;
      const shadow = shadowRef.current;
      if (shadow) shadow.style.width = shadow.style.height = `${css}px`;
      canvas.width = canvas.height = Math.round(css * dpr);
      wheelImage = drawWheel(canvas.width, pockets);
      stillPicture = ''; // the canvas was cleared
    };
    resize();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    if (observer && canvas.parentElement) observer.observe(canvas.parentElement);

    const draw = (now: number) => {
      if (!paintDue(now, lastPaint)) return next();
      lastPaint = now;
      const m = motion.current;
      const size = canvas.width;
      const r = size / 2;
      const wheel = wheelAngle(m, now);
      const paint = !hiddenRef.current;
      const moving = !m.still || m.phase === 'spinning' || m.phase === 'landing';
      const picture = `${m.phase}:${paint}:${size}`;
      if (!moving && picture === stillPicture) {
        m.lastT = now;
        timer = setTimeout(next, STILL_CHECK_MS); // nothing to paint: look again later
        return;
      }
      stillPicture = moving ? '' : picture;
      if (paint) {
        g.setTransform(1, 0, 0, 1, 0, 0);
        g.clearRect(0, 0, size, size);
        g.translate(r, r);
        g.save();
        g.rotate(wheel);
        if (wheelImage) g.drawImage(wheelImage, -r, -r, size, size);
        g.restore();
      }

      let ball: { angle: number; radius: number } | null = null;
      if (m.phase === 'spinning') {
        m.ballAngle -= (BALL_SPEED * (now - (m.lastT || now))) / 1000;
        ball = { angle: m.ballAngle, radius: r * 0.9 };
      } else if (m.phase === 'landing' || m.phase === 'landed') {
        const p = Math.min(1, (now - m.landStart) / m.landMs);
        const rel = m.landFrom + (m.landTo - m.landFrom) * easeOut(p);
        const drop = Math.min(1, Math.max(0, (p - 0.55) / 0.45));
        ball = { angle: wheel + rel, radius: r * (0.9 - 0.2 * drop) };
        if (p >= 1 && m.phase === 'landing') {
          m.phase = 'landed';
          canvas.dataset.phase = 'landed';
          canvas.dataset.landed = m.pocket === null ? '' : pocketLabel(m.pocket);
          if (m.pocket !== null) landed(m.pocket);
        }
      }
      m.lastT = now;
      if (ball && paint) {
        const x = Math.sin(ball.angle) * ball.radius;
        const y = -Math.cos(ball.angle) * ball.radius;
        const br = size * 0.022;
        const shine = g.createRadialGradient(x - br / 3, y - br / 3, br / 6, x, y, br);
        shine.addColorStop(0, '#ffffff');
        shine.addColorStop(1, '#b9b9b9');
        g.fillStyle = shine;
        g.beginPath();
        g.arc(x, y, br, 0, TAU);
        g.fill();
      }
      if (first) {
        first = false;
        firstFrame();
      }
      next();
    };
    next();
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      observer?.disconnect();
    };
  }, [pockets]);

  // The wheel's shadow is a disc of its own under the canvas (styles.css, .studio-shadow).
  return (
    <>
      <div ref={shadowRef} className="studio-shadow" aria-hidden="true" />
      <canvas
        ref={canvasRef}
        className="studio-canvas"
        role="img"
        aria-label={t('STUDIO_LABEL')}
        data-testid="wheel"
        data-phase="idle"
      />
    </>
  );
}
