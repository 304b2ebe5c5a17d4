import type { ReviewsData } from '@hotelapi/domain';
import { html, LitElement, type PropertyValues } from 'lit';
import { failedLoad, getJson } from '../api.js';
import { chartTime } from '../dates.js';
import type { Language, MessageKey, Translate } from '../i18n/messages.js';
import '../line-chart.js';
import { monthlyAverages } from '../review-months.js';
import { viewStyles } from '../styles.js';
import { viewStates, type ViewData } from '../view-state.js';

interface ReviewsAnswer {
  readonly data: ReviewsData;
}

const LATEST_SHOWN = 5;
const TRIP_TYPE_NAMES: Readonly<Record<string, MessageKey>> = { couple: 'tripCouple', family: 'tripFamily', group: 'tripGroup', solo: 'tripSolo' };

/** Average score per month of the latest reviews, by source, by trip type, and the latest few. */
export class ReviewsView extends LitElement {
  static override properties = {
    property: { type: String },
    language: { type: String },
    t: { attribute: false },
    data: { state: true },
  };
  static override styles = viewStyles;

  declare property: string;
  declare language: Language;
  declare t: Translate;
  declare data: ViewData<ReviewsAnswer>;

  constructor() {
    super();
    this.data = { state: 'loading' };
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('property') || changed.has('language')) void this.#load();
  }

  async #load(): Promise<void> {
    this.data = { state: 'loading' };
    this.data = await getJson<ReviewsAnswer>(`/dashboard/api/properties/${encodeURIComponent(this.property)}/reviews`, this.language).catch((error: unknown) => failedLoad(this, error));
  }

  override render() {
    return html`<section class="card" aria-labelledby="reviews-title">
      <h2 id="reviews-title">${this.t('reviews')}</h2>
      ${viewStates(this.data, this.t, ({ data }) => (data.reviews === 0 ? html`<p>${this.t('noReviews')}</p>` : this.#drawn(data)))}
    </section>`;
  }

  #drawn(data: ReviewsData) {
    const number = new Intl.NumberFormat(this.language, { maximumFractionDigits: 1 });
    const months = monthlyAverages(data.userReviews);
    const tripTypes = Object.entries(data.tripTypes ?? {}).filter(([name]) => name !== 'all');
    return html`
      <p>${this.t('reviewsCount', { count: data.reviews, score: data.score === null ? '–' : number.format(data.score) })}</p>
      <h3>${this.t('averageOverTime')}</h3>
      <line-chart
        .label=${this.t('averageOverTime')}
        .x=${months.map((entry) => chartTime(`${entry.month}-15`))}
        .format=${(value: number) => number.format(value)}
        .series=${[{ label: this.t('score'), color: '#3f621a', values: months.map((entry) => entry.average) }]}
      ></line-chart>
      <h3>${this.t('bySource')}</h3>
      <ul class="plain">
        ${data.channels.map(
          (source) => html`<li class="bar">
            <span>${source.title}</span>
            <meter min="0" max=${source.outOfScore} value=${source.score} aria-label=${source.title}></meter>
            <span>${number.format(source.score)} / ${source.outOfScore} (${source.total})</span>
          </li>`,
        )}
      </ul>
      ${tripTypes.length === 0
        ? ''
        : html`<h3>${this.t('byTripType')}</h3>
            <ul class="plain">
              ${tripTypes.map(
                ([key, trip]) => {
                  const known = TRIP_TYPE_NAMES[key];
                  const name = known ? this.t(known) : key;
                  return html`<li class="bar">
                  <span>${name}</span>
                  <meter min="0" max="100" value=${trip.score} aria-label=${name}></meter>
                  <span>${trip.score} / 100 · ${this.t('share', { percent: `${trip.reviewsPercent} %` })}</span>
                </li>`;
                },
              )}
            </ul>`}
      <h3>${this.t('latestReviews')}</h3>
      <ul class="plain">
        ${data.userReviews.slice(0, LATEST_SHOWN).map(
          (review) => html`<li class="review">
            <p><strong>${number.format(review.score)} / 10</strong> · ${review.title || '—'} · ${review.name}, ${review.dateReviewed} · ${review.channel}</p>
            ${review.description ? html`<p>${review.description}</p>` : ''}
          </li>`,
        )}
      </ul>
    `;
  }
}

customElements.define('reviews-view', ReviewsView);
