// The match score as an inline SVG line chart: running hand points after each hand, one line
// per player, with the target as a dashed line. No library. Each line differs by dash and by
// marker shape as well as by colour, and the legend sits under the plot, clear of the lines.
import { svgElement as el } from "./cards.js";

const WIDTH = 320;
const PLOT = 160;
const PAD = 28;
const LEGEND_ROW = 16;

// A marker of shape ``line`` (circle, square, triangle) centred on x, y.
function marker(line, x, y) {
  const cls = `dot s${line}`;
  if (line % 3 === 0) return el("circle", { cx: x, cy: y, r: 3.5, class: cls });
  if (line % 3 === 1) return el("rect", { x: x - 3.5, y: y - 3.5, width: 7, height: 7, class: cls });
  return el("polygon", { points: `${x},${y - 4.5} ${x + 4.5},${y + 3.5} ${x - 4.5},${y + 3.5}`, class: cls });
}

export function drawChart(sheet, order, names, title) {
  const height = PLOT + LEGEND_ROW * order.length;
  const svg = el("svg", { viewBox: `0 0 ${WIDTH} ${height}`, class: "chart", role: "img", "aria-label": title });
  const hands = sheet.hands.length;
  const top = Math.max(sheet.target, ...sheet.hands.flatMap((h) => h.running), 1);
  const x = (i) => PAD + (i * (WIDTH - 2 * PAD)) / Math.max(hands, 1);
  const y = (points) => PLOT - PAD - (points * (PLOT - 2 * PAD)) / top;
  svg.append(el("line", { x1: PAD, y1: y(0), x2: WIDTH - PAD, y2: y(0), class: "axis" }));
  svg.append(el("line", { x1: PAD, y1: y(sheet.target), x2: WIDTH - PAD, y2: y(sheet.target), class: "target" }));
  svg.append(el("text", { x: WIDTH - PAD, y: y(sheet.target) - 4, class: "chart-label", "text-anchor": "end" }, String(sheet.target)));
  order.forEach((seat, line) => {
    const points = [[x(0), y(0)], ...sheet.hands.map((h, i) => [x(i + 1), y(h.running[seat])])];
    svg.append(el("polyline", { points: points.map((p) => p.join(",")).join(" "), class: `series s${line}` }));
    for (const [px, py] of points.slice(1)) svg.append(marker(line, px, py));
    const legendY = PLOT + LEGEND_ROW * line + 4;
    svg.append(el("line", { x1: PAD, y1: legendY, x2: PAD + 26, y2: legendY, class: `series s${line}` }));
    svg.append(marker(line, PAD + 13, legendY));
    svg.append(el("text", { x: PAD + 34, y: legendY + 4, class: `chart-label s${line}` }, `${names[seat]} ${sheet.hands.length ? sheet.hands[hands - 1].running[seat] : 0}`));
  });
  return svg;
}
