// The board's style sheet, added once to the page.

import { injectStyle } from "/static/kit.js";
import { C } from "./geometry.js";

export function ensureStyle() {
  injectStyle("omringad-style", STYLE);
}

const STYLE = `
.om-root { display: block !important; }
.om { width: 100%; display: grid; gap: 8px; }
.om-svg { width: 100%; height: auto; display: block; max-height: calc(100vh - 230px);
  touch-action: manipulation; filter: drop-shadow(0 12px 24px rgba(0,0,0,.4)); }
.om-tall .om-svg { max-height: none; }
.om-zoom { position: relative; }
.om-zoom-frame { overflow: auto; max-height: 72vh; touch-action: pan-x pan-y; overscroll-behavior: contain;
  border-radius: 10px; }
.om-zoom-frame .om-svg { filter: none; }
.om-zoom-bar { position: absolute; right: 6px; bottom: 6px; display: flex; align-items: center; gap: 4px;
  padding: 3px; border-radius: 10px; background: rgba(19,23,28,.82); }
.om-zoom-bar .btn { min-width: 36px; min-height: 36px; padding: 2px 8px; font-size: 1.1rem; }
.om-zoom-level { min-width: 3.2em; text-align: center; font-size: .8rem; font-variant-numeric: tabular-nums; }
.om-svg text { font-family: system-ui, sans-serif; }
.om-ground { stroke: rgba(0,0,0,.35); stroke-width: 1; }
.om-t-bare .om-ground, .om-lg-bare { fill: #8c8a5e; }
.om-country-1.om-t-bare .om-ground { fill: #858a63; }
.om-t-M .om-ground, .om-lg-M { fill: #8d8579; }
.om-t-C .om-ground, .om-lg-C { fill: #a7946b; }
.om-t-V .om-ground, .om-lg-V { fill: #a49a66; }
.om-t-L .om-ground, .om-lg-L { fill: #3f6f8e; }
.om-t-F .om-ground, .om-lg-F { fill: #56734a; }
.om-t-unknown .om-ground { fill: #4d5259; }
.om-sq { cursor: pointer; }
.om-sq:hover .om-ground { filter: brightness(1.12); }
.om-sq:focus-visible { outline: none; }
.om-sq:focus-visible .om-ground { stroke: #7fd1ff; stroke-width: 3; }
.om-picked .om-ground { stroke: #7fd1ff; stroke-width: 3; }
.om-watermark { font-size: ${C * 1.6}px; font-weight: 900; fill: #fff; opacity: .07; text-anchor: middle; pointer-events: none; }
.om-country-frame { fill: none; stroke: #0d0f12; stroke-width: 2.5; pointer-events: none; }
.om-conquered { fill: none; stroke-width: 3; stroke-dasharray: 6 4; pointer-events: none; }
.om-conquered { stroke: var(--pc); }
.om-flag-pole { stroke: #1b1607; stroke-width: 1.4; }
.om-flag-cloth { fill: var(--pc); stroke: var(--pe); stroke-width: .8; }
.om-sym { pointer-events: none; }
.om-mtn { fill: #5d5650; stroke: #2f2a26; stroke-width: 1; } .om-snow { fill: #efeae2; }
.om-castle { fill: #6d5a3c; stroke: #2f2414; stroke-width: 1; } .om-door { fill: #2f2414; }
.om-house { fill: #c98d55; stroke: #4a2d14; stroke-width: 1; } .om-house-2 { fill: #b5733f; }
.om-window { fill: #f7dd8c; }
.om-water { fill: #2c5a78; stroke: #8fc2df; stroke-width: 1; } .om-wave { fill: none; stroke: #bfe2f4; stroke-width: 1.3; }
.om-tree { fill: #254d24; stroke: #122812; stroke-width: .8; } .om-trunk { fill: #4a321c; }
.om-unknown { font-size: 18px; font-weight: 800; fill: #9aa3ad; text-anchor: middle; }
.om-edge { stroke-width: 5; stroke-linecap: butt; pointer-events: none; }
.om-stitch { stroke-width: 2; stroke-dasharray: 3 3; pointer-events: none; }
.om-arc { fill: none; stroke-width: 1.6; opacity: .55; pointer-events: none; }
.om-tick { stroke-width: 2; pointer-events: none; }
.om-edge-label { font-size: calc(11px * var(--ts, 1)); font-weight: 700; text-anchor: middle; pointer-events: none; }
.om-band-label { font-size: calc(10.5px * var(--ts, 1)); font-weight: 600; text-anchor: middle; opacity: .9; pointer-events: none; }
.om-siege rect { fill: #1b1607; opacity: .8; } .om-siege text { font-size: 9px; font-weight: 700; fill: #ffd36e; text-anchor: middle; }
.om-siege-2 text { fill: #ff8a75; } .om-siege-0 text { fill: #bfe3b4; }
.om-attack-mark { font-size: 14px; fill: #ff8a75; text-anchor: end; pointer-events: none; }
.om-token { pointer-events: none; }
.om-token-shadow { fill: rgba(0,0,0,.4); }
.om-token-body { fill: var(--pc); stroke: var(--pe); stroke-width: 1.6; }
.om-token-letter { font-weight: 900; text-anchor: middle; fill: var(--pt); }
.om-special .om-token-body { stroke: #e6b450; stroke-width: 2.4; }
.om-special-mark { fill: #e6b450; stroke: #1b1607; stroke-width: .8; }
.om-dragon .om-token-body { stroke-width: 1.8; stroke-linejoin: round; }
.om-team-ring { fill: none; stroke: var(--tc); stroke-width: 2.5; }
.om-boat { fill: #6b4a2b; stroke: #2a1a0c; stroke-width: 1.2; pointer-events: none; }
.om-damage { stroke: #e0403a; stroke-width: 3; stroke-linecap: round; }
.om-count-bg { fill: #e6b450; stroke: #1b1607; stroke-width: 1; }
.om-count { fill: #1b1607; font-weight: 800; text-anchor: middle; }
.om-moved .om-token-body { opacity: .65; stroke-dasharray: 3 2; }
.om-walking .om-token-body { stroke: #ffd36e; stroke-width: 2.6; stroke-dasharray: 4 2; }
.om-origin { fill: none; stroke: #ffd36e; stroke-width: 2.5; stroke-dasharray: 5 3; pointer-events: none; }
.om-path line { stroke: #ffd36e; stroke-width: 3; stroke-linecap: round; opacity: .85; pointer-events: none; }
.om-path-dot { fill: #ffd36e; pointer-events: none; } .om-path-num { font-size: 9px; font-weight: 800; fill: #1b1607; text-anchor: middle; pointer-events: none; }
.om-last { fill: none; stroke: #e6b450; stroke-width: 2; stroke-opacity: .75; pointer-events: none; }
.om-battle-ring { fill: none; stroke: #ff5a4a; stroke-width: 3.5; pointer-events: none; animation: om-pulse 1.4s ease-in-out infinite; }
.om-target-ring { fill: rgba(255,211,110,.16); stroke: #ffd36e; stroke-width: 3; pointer-events: none; animation: om-pulse 1.6s ease-in-out infinite; }
.om-target:hover .om-ground { filter: brightness(1.3); }
.om-neighbour { fill: none; stroke: #7fd1ff; stroke-width: 2; stroke-dasharray: 4 3; pointer-events: none; }
@keyframes om-pulse { 50% { stroke-opacity: .45; } }
.om-players { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
@media (max-width: 700px) { .om-players { grid-template-columns: 1fr; } }
.om-player { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; padding: 6px 10px;
  border-radius: 10px; border: 1px solid rgba(255,255,255,.09); background: rgba(255,255,255,.035); font-size: .9rem; }
.om-player.om-active { border-color: #e6b450; background: rgba(230,180,80,.09); }
.om-chip { display: inline-block; width: 13px; height: 13px; border-radius: 50%; border: 1.5px solid #8d97a3; vertical-align: -2px; }
.om-chip { background: var(--pc); }
.om-tag { font-size: .72rem; font-weight: 700; padding: 1px 6px; border-radius: 5px; background: #28313a; color: #c9d1d9; }
.om-stats { margin-left: auto; display: flex; gap: 10px; color: #c3cad2; font-size: .85rem; }
.om-bar { padding: 10px 12px; border-radius: 12px; border: 1px solid rgba(255,255,255,.09);
  background: linear-gradient(180deg, #1f262e, #1a2027); }
.om-bar-turn { border-color: rgba(230,180,80,.7); box-shadow: 0 0 0 1px rgba(230,180,80,.25); }
.om-prompt { margin: 0; font-weight: 600; }
.om-bar-turn .om-prompt { color: #e6b450; }
.om-buttons { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
.om-buttons .btn, .om-shop .btn { min-height: 40px; white-space: nowrap; }
.om-kill { border-color: rgba(224,112,92,.6); }
.om-tiles { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 6px; }
.om-tile-chip { font-size: .75rem; padding: 2px 7px; border-radius: 6px; background: #28313a; color: #98a2ad; }
.om-tile-chip.om-done { text-decoration: line-through; opacity: .6; }
.om-tile-chip.om-now { background: #e6b450; color: #1b1607; font-weight: 700; }
.om-shop { width: 100%; border-collapse: collapse; margin-top: 8px; font-size: .88rem; }
.om-shop th { text-align: left; color: #98a2ad; font-weight: 600; font-size: .78rem; padding: 2px 4px; }
.om-shop td { padding: 3px 4px; border-top: 1px solid rgba(255,255,255,.06); }
.om-shop tr.om-off td { opacity: .5; }
/* A phone: the purchase bar, the players and the board share one screen (issue 15). */
@media (max-width: 520px) {
  .om-players { grid-template-columns: 1fr 1fr; gap: 4px; }
  .om-player { padding: 3px 6px; font-size: .8rem; gap: 2px 6px; }
  .om-player .om-stats { margin-left: 0; gap: 6px; font-size: .74rem; }
  .om-bar { padding: 6px 8px; }
  .om-shop { font-size: .8rem; margin-top: 4px; }
  .om-shop th { font-size: .72rem; padding: 0 3px; }
  .om-shop td { padding: 1px 3px; white-space: nowrap; }
  .om-shop .btn { min-height: 30px; padding: 2px 10px; }
  .om-buttons { margin-top: 4px; }
}
.om-letter { display: inline-block; min-width: 1.3em; text-align: center; border-radius: 4px; background: #f3ecdc; color: #2b2418; }
.om-battle, .om-auction, .om-info, .om-own, .om-log, .om-legend { padding: 8px 12px; border-radius: 12px;
  border: 1px solid rgba(255,255,255,.09); background: rgba(255,255,255,.03); }
.om-battle { border-color: rgba(255,90,74,.55); }
.om-battle.om-battle-over { border-color: rgba(255,255,255,.09); }
.om h3 { margin: 0 0 4px; font-size: .82rem; }
.om-small { margin: 3px 0; font-size: .85rem; color: #c3cad2; }
.om-sides { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
@media (max-width: 520px) { .om-sides { grid-template-columns: 1fr; } }
.om-side { padding: 6px 8px; border-radius: 8px; background: rgba(0,0,0,.18); }
.om-pending { margin: 2px 0; color: #ff8a75; font-weight: 700; }
.om-roster { margin-top: 3px; }
.om-battle-status { font-weight: 600; color: #ffd36e; }
.om-stall { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; margin: 4px 0 6px; font-size: .85rem; }
.om-stall-bar { display: inline-block; width: 120px; height: 8px; border-radius: 4px; background: #28313a; overflow: hidden; }
.om-stall-fill { display: block; height: 100%; background: #e6b450; }
.om-stall-near .om-stall-fill { background: #ff8a75; } .om-stall-near > span:first-child { color: #ff8a75; font-weight: 700; }
.om-step { margin-top: 8px; padding: 6px 8px; border-radius: 10px; background: rgba(0,0,0,.16); }
.om-step-now { box-shadow: inset 0 0 0 1px rgba(255,211,110,.45); }
.om-step h4 { margin: 0 0 4px; font-size: .82rem; }
.om-step-last h4 { color: #c3cad2; }
.om-dice-side { min-width: 0; }
.om-die-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 210px), 1fr)); gap: 4px; margin-top: 3px; }
.om-die-card { display: flex; align-items: center; gap: 8px; padding: 4px 8px 4px 4px; border-radius: 8px;
  background: #222a32; border: 1.5px solid #3a444e; font-size: .82rem; min-width: 0; }
.om-die-card.om-hit { border-color: #6fcf7a; background: rgba(111,207,122,.13); }
.om-die-card.om-miss { border-color: #b5574a; background: rgba(181,87,74,.10); }
.om-die-card.om-miss .om-die-svg { opacity: .72; }
.om-die-card.om-waiting { border-style: dashed; }
.om-die-text { min-width: 0; overflow-wrap: anywhere; }
.om-need { color: #aab3bd; font-size: .76rem; }
.om-result { display: inline-block; margin-left: 2px; padding: 0 6px; border-radius: 5px; font-size: .72rem; font-weight: 800; text-transform: uppercase; background: #3a444e; color: #c9d1d9; }
.om-hit .om-result { background: #6fcf7a; color: #0f2212; }
.om-miss .om-result { background: #b5574a; color: #fff1ee; }
.om-die-svg { flex: none; }
.om-die-body { fill: var(--pc); stroke: var(--pe); stroke-width: .12; } .om-pip { fill: var(--pt); }
.om-die-q { font-size: 2.2px; font-weight: 800; text-anchor: middle; fill: #8d97a3; }
.om-unit { display: inline-block; min-width: 1.4em; margin: 1px; text-align: center; font-weight: 700; border-radius: 4px; background: #28313a; }
.om-unit-special { background: #e6b450; color: #1b1607; }
.om-unit-moved { opacity: .5; text-decoration: underline dotted; }
.om-log ol { margin: 4px 0 0; padding-left: 1.3em; font-size: .85rem; color: #c3cad2; max-height: 14em; overflow: auto; }
.om summary { cursor: pointer; font-weight: 600; font-size: .9rem; }
.om-legend-row { display: flex; flex-wrap: wrap; gap: 6px 14px; margin-top: 6px; font-size: .82rem; }
.om-legend-item { display: inline-flex; align-items: center; gap: 5px; }
/* Seats' colours (--pc body, --pe edge, --pt text; on every terrain the body or the edge
   stands out by 3:1, tests/games/test_contrast.py); the dragon is nobody's (om-own-n). */
.om-own-0 { --pc: #f3ecdc; --pe: #2b2418; --pt: #2b2418; }
.om-own-1 { --pc: #2b2f37; --pe: #e4ddcf; --pt: #f3ecdc; }
.om-own-2 { --pc: #6b1e14; --pe: #f4c6b8; --pt: #fff4ee; }
.om-own-3 { --pc: #173c6e; --pe: #c6ddf6; --pt: #f3f8ff; }
.om-own-n { --pc: #5a2671; --pe: #e6b450; --pt: #ffe7a3; }
.om-team-0 { --tc: #e6b450; } .om-team-1 { --tc: #62c7d9; }
.om-team-frame { fill: none; stroke: var(--tc); stroke-width: 3; opacity: .85; pointer-events: none; }
.om-team-tag { background: var(--tc); color: #14181d; }
.om-target-btn .om-chip { margin-right: 2px; }
.om-special-badge { display: inline-flex; align-items: center; gap: 3px; margin: 2px; padding: 1px 7px; border-radius: 6px;
  background: #30291b; border: 1px solid rgba(230,180,80,.7); font-size: .78rem; }
.om-special-badge b { color: #e6b450; }
.om-cup { margin-top: 6px; }
.om-auction { border-color: rgba(230,180,80,.7); }
.om-lot { display: flex; align-items: center; gap: 10px; margin: 4px 0; }
.om-lot-icon { flex: none; display: inline-grid; place-items: center; width: 40px; height: 40px; border-radius: 50%;
  font-weight: 900; font-size: 1.3rem; background: #e6b450; color: #1b1607; border: 2px solid #fff3cf; }
.om-lot-icon.om-lot-dragon { background: #5a2671; color: #ffe7a3; border-color: #e6b450; }
.om-standing { margin: 4px 0; font-weight: 700; color: #ffd36e; }
.om-bidders { display: flex; flex-wrap: wrap; gap: 4px 8px; margin: 4px 0; font-size: .85rem; }
.om-bidder { padding: 2px 8px; border-radius: 8px; background: rgba(0,0,0,.2); border: 1px solid rgba(255,255,255,.08); }
.om-bidder-out, .om-bidder-lost { opacity: .5; text-decoration: line-through; }
.om-bidder-to-bid { border-color: #e6b450; } .om-bidder-high-bid, .om-bidder-won { border-color: #6fcf7a; }
.om-bids { margin: 4px 0; padding-left: 1.4em; font-size: .82rem; color: #c3cad2; max-height: 8em; overflow: auto; }
.om-won { font-weight: 700; color: #6fcf7a; margin: 4px 0; }
.om-bid-controls { display: flex; flex-wrap: wrap; align-items: center; gap: 4px; margin-top: 6px; font-size: .9rem; }
.om-stepper { display: inline-flex; align-items: center; gap: 2px; }
.om-bid-controls .btn { min-height: 38px; padding: 4px 7px; font-size: inherit; }
.om-stepper .btn { min-width: 30px; padding: 4px 4px; }
.om-quick-bids { display: inline-flex; gap: 4px; }
input.om-bid-input { width: 2.9em; min-height: 38px; padding: 4px 2px; font: inherit; font-weight: 700; text-align: center;
  border-radius: 8px; border: 1px solid #3a444e; background: #12161b; color: inherit; -moz-appearance: textfield; }
input.om-bid-input::-webkit-inner-spin-button, input.om-bid-input::-webkit-outer-spin-button { -webkit-appearance: none; margin: 0; }
.om-clock { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; margin: 6px 0; font-size: .88rem; font-weight: 600; }
.om-clock-bar { display: inline-block; width: 140px; max-width: 100%; height: 8px; border-radius: 4px; background: #28313a; overflow: hidden; }
.om-clock-fill { display: block; height: 100%; background: #6fcf7a; transition: width .25s linear; }
.om-clock-low .om-clock-fill { background: #ff8a75; } .om-clock-low .om-clock-text { color: #ff8a75; }
.om-clock-you .om-clock-text { color: #ffd36e; }
`;
