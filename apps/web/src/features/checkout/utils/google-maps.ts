/**
 * Loading Google's Maps JavaScript API with the places library (spec section 7), and the small
 * part of its surface the address map uses. There is no @types/google.maps here, so the types
 * below describe just what we call.
 */

export interface LatLngLiteral {
  lat: number;
  lng: number;
}

export interface GoogleLatLng {
  lat(): number;
  lng(): number;
}

export interface MapsEventListener {
  remove(): void;
}

export interface GoogleMap {
  getCenter(): GoogleLatLng | undefined;
  setCenter(center: LatLngLiteral | GoogleLatLng): void;
  fitBounds(bounds: unknown): void;
  getBounds(): unknown;
  addListener(event: string, handler: () => void): MapsEventListener;
}

export interface GoogleMarker {
  setPosition(position: LatLngLiteral | GoogleLatLng): void;
  setMap(map: GoogleMap | null): void;
}

export interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

export interface PlaceResult {
  place_id?: string;
  name?: string;
  vicinity?: string;
  formatted_address?: string;
  address_components?: AddressComponent[];
  geometry?: { location?: GoogleLatLng; viewport?: unknown };
}

export interface GoogleSearchBox {
  getPlaces(): PlaceResult[] | undefined;
  setBounds(bounds: unknown): void;
  addListener(event: string, handler: () => void): MapsEventListener;
}

export interface GoogleMapsApi {
  Map: new (
    element: HTMLElement,
    options: { center: LatLngLiteral; zoom: number; [option: string]: unknown },
  ) => GoogleMap;
  Marker: new (options: { position: LatLngLiteral; map: GoogleMap; [option: string]: unknown }) => GoogleMarker;
  places: { SearchBox: new (input: HTMLInputElement) => GoogleSearchBox };
}

declare global {
  interface Window {
    google?: { maps?: GoogleMapsApi };
  }
}

let loading: Promise<GoogleMapsApi> | null = null;

/** Loads the Maps script once per page life; a failed load may be tried again. */
export function loadGoogleMaps(apiKey: string): Promise<GoogleMapsApi> {
  const ready = window.google?.maps;
  if (ready?.places) return Promise.resolve(ready);
  if (loading) return loading;
  loading = new Promise<GoogleMapsApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&libraries=places`;
    script.async = true;
    script.onload = () => {
      const maps = window.google?.maps;
      if (maps?.places) resolve(maps);
      else reject(new Error('The Google Maps script loaded without the places library.'));
    };
    script.onerror = () => reject(new Error('The Google Maps script could not be loaded.'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The shipping fields a place's address components give (street and number, postal code, town, country). */
export function addressFieldsOf(place: PlaceResult): {
  address?: string;
  city?: string;
  postalCode?: string;
  country?: string;
} {
  const components = place.address_components ?? [];
  const find = (type: string) => components.find((component) => component.types.includes(type))?.long_name;
  const street = find('route');
  const number = find('street_number');
  const address = street ? (number ? `${street} ${number}` : street) : place.name;
  return {
    address,
    city: find('postal_town') ?? find('locality'),
    postalCode: find('postal_code'),
    country: find('country'),
  };
}
