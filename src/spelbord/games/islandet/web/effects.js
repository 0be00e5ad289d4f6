// Slag for Islandet's animations across views: a block going off, a unit lost, a die rolled.

// Animations start when a view shows something new and keep running across the quick
// views that follow (an AI's turn): each redraw resumes them with a negative delay.
export const LASTS = { reveal: 2300, ghost: 1700, roll: 700 };

export function noEffects() {
  return { reveals: new Map(), ghosts: new Map(), roll: null };
}

export function pruneEffects(fx, now) {
  for (const [sq, t] of fx.reveals) if (now - t > LASTS.reveal) fx.reveals.delete(sq);
  for (const [sq, ghost] of fx.ghosts) if (now - ghost.t > LASTS.ghost) fx.ghosts.delete(sq);
  if (fx.roll !== null && now - fx.roll > LASTS.roll) fx.roll = null;
}

/** Style resuming an animation started at ``t`` (performance.now() time). */
export function lag(t) {
  return `animation-delay: -${Math.max(0, Math.round(performance.now() - t))}ms`;
}
