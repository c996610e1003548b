/**
 * "Save" / "Spara": the heart that saves a product to the signed-in user's favourites, on
 * product cards and the product page. A toggle button (aria-pressed) named with the product;
 * a visitor who is not signed in is sent to sign in and brought back.
 */
import { useLocation, useNavigate } from 'react-router';
import { useFavourites, useToggleFavourite } from '#web/api/favourites.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import './favourite-button.css';

interface FavouriteButtonProps {
  productId: string;
  productName: string;
  /** With its "Save" text beside the heart (the product page), or the heart alone (cards). */
  withText?: boolean;
}

export function FavouriteButton({ productId, productName, withText = false }: FavouriteButtonProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const favourites = useFavourites(user !== null);
  const toggle = useToggleFavourite();
  const savedNow = favourites.data?.products.some((p) => p._id === productId) ?? false;
  // While a change is on its way, the button shows what it asked for.
  const saved = toggle.isPending && toggle.variables?.productId === productId ? toggle.variables.save : savedNow;
  const label = t('Save {{name}}', { name: productName });

  function onClick() {
    if (!user) {
      const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
      navigate(`/signin?redirect=${redirect}`);
      return;
    }
    toggle.mutate({ productId, save: !saved });
  }

  return (
    <button
      type="button"
      className={`favourite-button${withText ? ' favourite-button-text' : ''}`}
      aria-pressed={saved}
      aria-label={withText ? undefined : label}
      title={withText ? undefined : label}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M12 20.5s-7.5-4.6-9.3-9.1C1.5 8.3 3.4 5 6.6 5c2 0 3.4 1.1 4.4 2.5C12 6.1 13.4 5 15.4 5c3.2 0 5.1 3.3 3.9 6.4-1.8 4.5-7.3 9.1-7.3 9.1z" />
      </svg>
      {withText && (
        <span>
          {t('Save')}
          <span className="visually-hidden"> {productName}</span>
        </span>
      )}
    </button>
  );
}
