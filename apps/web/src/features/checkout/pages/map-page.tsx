import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { saveAddressDraft, saveDeliveryLocation } from '#web/lib/cart-storage.ts';
import { parseAddressFields } from '#web/lib/checkout-state.ts';
import { readRaw, STORAGE_KEYS } from '#web/lib/storage.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useGoogleApiKey } from '../api/get-google-api-key';
import {
  addressFieldsOf,
  type GoogleMap,
  type GoogleMarker,
  type LatLngLiteral,
  loadGoogleMaps,
  type PlaceResult,
} from '../utils/google-maps';
import '../checkout.css';

/** Spec section 9: the map's default centre and zoom. */
const DEFAULT_CENTER: LatLngLiteral = { lat: 45.516, lng: -73.56 };
const DEFAULT_ZOOM = 15;

/**
 * /map (spec section 2, Address confirmation map). Without a Maps key on the server the page
 * says so and sends the buyer on to /shipping, so checkout works without it.
 */
export function MapPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Confirm your address'));
  const apiKey = useGoogleApiKey();

  if (apiKey.isPending) return <LoadingBox />;
  if (apiKey.isError || apiKey.data === '') {
    return (
      <section className="page form-page" aria-labelledby="map-heading">
        <div className="form-card">
          <h1 id="map-heading">{t('Confirm your address')}</h1>
          {apiKey.isError ? (
            <MessageBox variant="danger">{t(apiKey.error.message)}</MessageBox>
          ) : (
            <MessageBox>{t('Address confirmation on a map is not configured.')}</MessageBox>
          )}
          <p>
            <Link to="/shipping" className="button">
              {t('Enter the address on the shipping page')}
            </Link>
          </p>
        </div>
      </section>
    );
  }
  return <AddressMap apiKey={apiKey.data} />;
}

function AddressMap({ apiKey }: { apiKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mapElement = useRef<HTMLDivElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const map = useRef<GoogleMap | null>(null);
  const marker = useRef<GoogleMarker | null>(null);
  const places = useRef<PlaceResult[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  // The spec's alerts, shown in the page (role="alert") instead of the browser's alert box.
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const listeners: { remove(): void }[] = [];
    loadGoogleMaps(apiKey).then(
      (maps) => {
        const element = mapElement.current;
        const input = searchInput.current;
        if (cancelled || !element || !input) return;
        const googleMap = new maps.Map(element, {
          center: DEFAULT_CENTER,
          zoom: DEFAULT_ZOOM,
          streetViewControl: false,
          mapTypeControl: false,
        });
        const pin = new maps.Marker({ position: DEFAULT_CENTER, map: googleMap });
        map.current = googleMap;
        marker.current = pin;
        // The marker follows the centre once the map comes to rest.
        listeners.push(
          googleMap.addListener('idle', () => {
            const center = googleMap.getCenter();
            if (center) pin.setPosition(center);
          }),
        );
        const searchBox = new maps.places.SearchBox(input);
        listeners.push(googleMap.addListener('bounds_changed', () => searchBox.setBounds(googleMap.getBounds())));
        listeners.push(
          searchBox.addListener('places_changed', () => {
            const found = searchBox.getPlaces() ?? [];
            places.current = found;
            const location = found[0]?.geometry?.location;
            if (location) {
              googleMap.setCenter(location);
              pin.setPosition(location);
            }
          }),
        );
        setStatus('ready');

        // The first position is the browser's own (spec section 2).
        if (!navigator.geolocation) {
          setProblem('Geolocation is not supported by this browser.');
        } else {
          navigator.geolocation.getCurrentPosition(
            (position) => {
              if (cancelled) return;
              const here = { lat: position.coords.latitude, lng: position.coords.longitude };
              googleMap.setCenter(here);
              pin.setPosition(here);
            },
            (error) => console.warn('Geolocation failed; the map stays on its default centre.', error.message),
          );
        }
      },
      (error: unknown) => {
        // Spec section 8: a Maps script failure is logged to the console.
        console.error(error);
        if (!cancelled) setStatus('failed');
      },
    );
    return () => {
      cancelled = true;
      for (const listener of listeners) listener.remove();
      marker.current?.setMap(null);
    };
  }, [apiKey]);

  function onConfirm() {
    const found = places.current;
    const place = found[0];
    if (found.length !== 1 || !place) {
      setProblem('Please enter your address.');
      return;
    }
    setProblem(null);
    const point = place.geometry?.location ?? map.current?.getCenter();
    saveDeliveryLocation({
      lat: point?.lat() ?? DEFAULT_CENTER.lat,
      lng: point?.lng() ?? DEFAULT_CENTER.lng,
      address: place.formatted_address ?? '',
      name: place.name ?? '',
      vicinity: place.vicinity ?? '',
      googleAddressId: place.place_id ?? '',
    });
    // The shipping form starts from what the place tells; the buyer's name and anything the
    // place leaves out stay as they were.
    const current = parseAddressFields(readRaw(STORAGE_KEYS.shippingAddress));
    const fromPlace = Object.fromEntries(Object.entries(addressFieldsOf(place)).filter(([, value]) => Boolean(value)));
    saveAddressDraft({ ...current, ...fromPlace });
    // The shipping page shows the spec's success text (it reads the navigation's state).
    navigate('/shipping', { state: { notice: 'location selected successfully.' } });
  }

  return (
    <section className="map-page" aria-labelledby="map-heading">
      <h1 id="map-heading" className="visually-hidden">
        {t('Confirm your address')}
      </h1>
      <div className="map-search">
        <label htmlFor="map-search-input" className="visually-hidden">
          {t('Your address')}
        </label>
        <input
          id="map-search-input"
          ref={searchInput}
          type="text"
          placeholder={t('Enter your address')}
          disabled={status !== 'ready'}
        />
        <button type="button" className="button" disabled={status !== 'ready'} onClick={onConfirm}>
          {t('Confirm')}
        </button>
      </div>
      {problem && <MessageBox variant="danger">{t(problem)}</MessageBox>}
      {status === 'loading' && <LoadingBox />}
      {status === 'failed' && (
        <MessageBox variant="danger">
          {t('The map could not be loaded.')} <Link to="/shipping">{t('Enter the address on the shipping page')}</Link>
        </MessageBox>
      )}
      <div ref={mapElement} className="map-canvas" />
    </section>
  );
}
