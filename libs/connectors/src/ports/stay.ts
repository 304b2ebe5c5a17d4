/** A stay as every port receives it: calendar dates `yyyy-MM-dd`, check-out after check-in. */
export interface Stay {
  readonly checkIn: string;
  readonly checkOut: string;
}

/** Who is staying. `rooms` is how many identical rooms are booked (default 1). */
export interface Occupancy {
  readonly adults: number;
  readonly children: number;
  readonly infants?: number;
  readonly rooms?: number;
}

export interface GeoPoint {
  readonly lat: number;
  readonly lon: number;
}
