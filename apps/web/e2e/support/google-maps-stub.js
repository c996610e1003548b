// A stand-in for Google's Maps JavaScript API with the places library, served by the map spec
// in place of https://maps.googleapis.com/maps/api/js. It implements the part the address map
// uses (Map, Marker, places.SearchBox, LatLng, listeners) with Google's names and call shapes,
// and lets the test pick search results and see where the map and marker are.
(() => {
  const handlers = new WeakMap(); // target → Map(event → Set(handler))

  class LatLng {
    constructor(lat, lng) {
      this._lat = lat;
      this._lng = lng;
    }
    lat() {
      return this._lat;
    }
    lng() {
      return this._lng;
    }
  }
  const toLatLng = (point) => (point instanceof LatLng ? point : new LatLng(point.lat, point.lng));

  function listen(target, event, handler) {
    if (!handlers.has(target)) handlers.set(target, new Map());
    const events = handlers.get(target);
    if (!events.has(event)) events.set(event, new Set());
    events.get(event).add(handler);
    return { remove: () => events.get(event).delete(handler) };
  }
  function fire(target, event) {
    for (const handler of handlers.get(target)?.get(event) ?? []) handler();
  }

  class GoogleMap {
    constructor(element, options) {
      this.element = element;
      this.center = toLatLng(options.center);
      this.zoom = options.zoom;
      stub.map = this;
      // Like the real map: it settles after it is drawn, and after every move.
      setTimeout(() => fire(this, 'idle'), 0);
    }
    getCenter() {
      return this.center;
    }
    setCenter(center) {
      this.center = toLatLng(center);
      fire(this, 'bounds_changed');
      setTimeout(() => fire(this, 'idle'), 0);
    }
    getBounds() {
      return { center: this.center };
    }
    fitBounds() {}
    addListener(event, handler) {
      return listen(this, event, handler);
    }
  }

  class Marker {
    constructor(options) {
      this.position = toLatLng(options.position);
      this.map = options.map;
      stub.marker = this;
    }
    setPosition(position) {
      this.position = toLatLng(position);
    }
    setMap(map) {
      this.map = map;
    }
  }

  class SearchBox {
    constructor(input) {
      this.input = input;
      this.places = undefined;
      stub.searchBox = this;
    }
    getPlaces() {
      return this.places;
    }
    setBounds() {}
    addListener(event, handler) {
      return listen(this, event, handler);
    }
  }

  const stub = {
    map: null,
    marker: null,
    searchBox: null,
    /** What the user would get by typing and picking from the search box's list. */
    choosePlaces(places) {
      stub.searchBox.places = places.map(({ lat, lng, ...place }) => ({
        ...place,
        geometry: { location: new LatLng(lat, lng) },
      }));
      fire(stub.searchBox, 'places_changed');
    },
    /** The map's centre, zoom and the marker's position, as plain numbers. */
    state() {
      const at = (p) => ({ lat: p.lat(), lng: p.lng() });
      return { center: at(stub.map.center), zoom: stub.map.zoom, marker: at(stub.marker.position) };
    },
  };
  window.__mapsStub = stub;
  window.google = { maps: { Map: GoogleMap, Marker, LatLng, places: { SearchBox } } };
})();
