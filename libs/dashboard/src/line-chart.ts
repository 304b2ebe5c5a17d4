import { css, html, LitElement, unsafeCSS, type PropertyValues } from 'lit';
import uPlot from 'uplot';
import uPlotStyles from 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  readonly label: string;
  readonly values: readonly (number | null)[];
  readonly color: string;
  /** Bars rather than a line (monthly figures). */
  readonly bars?: boolean;
}

/**
 * A uPlot chart that fits its box: x is seconds (dates), each series a line or bars, with
 * uPlot's legend showing the values under the cursor. Canvas is not read by screen readers,
 * so the chart is an image with a label; each view also gives its figures as text.
 */
export class LineChart extends LitElement {
  static override properties = {
    label: { type: String },
    x: { attribute: false },
    series: { attribute: false },
    format: { attribute: false },
  };
  static override styles = [
    unsafeCSS(uPlotStyles),
    css`
      :host { display: block; min-width: 0; }
      .u-legend { font-size: 0.8rem; }
    `,
  ];

  declare label: string;
  declare x: readonly number[];
  declare series: readonly ChartSeries[];
  declare format: (value: number) => string;
  #plot: uPlot | undefined;
  #resize = new ResizeObserver(() => this.#plot?.setSize(this.#size()));

  constructor() {
    super();
    this.label = '';
    this.x = [];
    this.series = [];
    this.format = (value) => String(value);
  }

  override render() {
    return html`<div role="img" aria-label=${this.label}></div>`;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#resize.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#resize.disconnect();
    this.#plot?.destroy();
    this.#plot = undefined;
  }

  protected override updated(changed: PropertyValues): void {
    if (!changed.has('x') && !changed.has('series')) return;
    this.#plot?.destroy();
    const target = this.renderRoot.querySelector('div');
    if (!target || this.x.length === 0) return;
    const format = this.format;
    const bars = uPlot.paths.bars?.({ size: [0.6, 40] });
    this.#plot = new uPlot(
      {
        ...this.#size(),
        scales: { x: { time: true } },
        axes: [{}, { values: (_u, ticks) => ticks.map((tick) => format(tick)), size: 70 }],
        series: [
          {},
          ...this.series.map((line) => ({
            label: line.label,
            stroke: line.color,
            width: 2,
            ...(line.bars && bars ? { paths: bars, fill: line.color } : {}),
            value: (_u: uPlot, value: number | null) => (value === null ? '–' : format(value)),
            spanGaps: false,
          })),
        ],
      },
      [this.x as number[], ...this.series.map((line) => line.values as (number | null)[])],
      target,
    );
  }

  #size(): { width: number; height: number } {
    const width = Math.max(240, Math.floor(this.getBoundingClientRect().width));
    return { width, height: width < 600 ? 220 : 300 };
  }
}

customElements.define('line-chart', LineChart);
