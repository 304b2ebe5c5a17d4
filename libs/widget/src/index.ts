import { HotelSearchElement, type HotelSearchSearchDetail, type HotelSearchSelectDetail } from './hotel-search.js';
import { PriceCalendarElement } from './price-calendar.js';

export { HotelSearchElement, type HotelSearchSearchDetail, type HotelSearchSelectDetail };
export type { DatesPicked } from './price-calendar.js';

// Defining twice throws; a page may load the widget both ways (npm bundle and script tag).
if (!customElements.get('hotel-search-calendar')) customElements.define('hotel-search-calendar', PriceCalendarElement);
if (!customElements.get('hotel-search')) customElements.define('hotel-search', HotelSearchElement);

declare global {
  interface HTMLElementTagNameMap {
    'hotel-search': HotelSearchElement;
  }
  interface HTMLElementEventMap {
    'hotel-search:search': CustomEvent<HotelSearchSearchDetail>;
    'hotel-search:select': CustomEvent<HotelSearchSelectDetail>;
  }
}
