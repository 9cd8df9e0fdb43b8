// The match score as an inline SVG line chart: running hand points after each hand, one line
// per player, with the target as a dashed line. No library.
import { svgElement as el } from "./cards.js";

const WIDTH = 320;
const HEIGHT = 160;
const PAD = 28;

export function drawChart(sheet, order, names, title) {
  const svg = el("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "chart", role: "img", "aria-label": title });
  const hands = sheet.hands.length;
  const top = Math.max(sheet.target, ...sheet.hands.flatMap((h) => h.running), 1);
  const x = (i) => PAD + (i * (WIDTH - 2 * PAD)) / Math.max(hands, 1);
  const y = (points) => HEIGHT - PAD - (points * (HEIGHT - 2 * PAD)) / top;
  svg.append(el("line", { x1: PAD, y1: y(0), x2: WIDTH - PAD, y2: y(0), class: "axis" }));
  svg.append(el("line", { x1: PAD, y1: y(sheet.target), x2: WIDTH - PAD, y2: y(sheet.target), class: "target" }));
  svg.append(el("text", { x: WIDTH - PAD, y: y(sheet.target) - 4, class: "chart-label", "text-anchor": "end" }, String(sheet.target)));
  order.forEach((seat, line) => {
    const points = [[x(0), y(0)], ...sheet.hands.map((h, i) => [x(i + 1), y(h.running[seat])])];
    svg.append(el("polyline", { points: points.map((p) => p.join(",")).join(" "), class: `series s${line}` }));
    for (const [px, py] of points.slice(1)) svg.append(el("circle", { cx: px, cy: py, r: 3, class: `dot s${line}` }));
    svg.append(el("text", { x: PAD + 4, y: 14 + 14 * line, class: `chart-label s${line}` }, `● ${names[seat]}`));
  });
  return svg;
}
