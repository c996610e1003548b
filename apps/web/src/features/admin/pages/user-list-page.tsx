import type { UserListEntry } from '@torget/shared/api-types.generated';
import { USER_ROLE_FILTERS, type UserRoleFilter } from '@torget/shared/rules/admin-lists';
import { isOneOf } from '@torget/shared/rules/one-of';
import {
  SHOP_STATUS_FILTER_KEYS,
  SHOP_STATUS_FILTERS,
  type ShopStatus,
  type ShopStatusFilter,
  shopStatus,
} from '@torget/shared/rules/shop-status';
import { Link, useSearchParams } from 'react-router';
import { DELETE_QUESTION, useConfirm } from '#web/components/confirm-dialog.tsx';
import { ListFilterForm, submitOnChange } from '#web/components/list-filter-form.tsx';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { Pager } from '#web/components/pager.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useListFilters } from '#web/hooks/use-list-filters.ts';
import { pageCount, useListPage } from '#web/hooks/use-list-page.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import '../admin.css';
import '#web/components/filter-pills.css';

const isShopFilter = (value: string | null): value is ShopStatusFilter =>
  (SHOP_STATUS_FILTER_KEYS as readonly string[]).includes(value ?? '');

const STATUS_CLASS: Record<ShopStatus, string> = {
  Open: 'status-pill is-open',
  'Waiting for approval': 'status-pill is-waiting',
  Closed: 'status-pill is-closed',
};

type Translate = ReturnType<typeof useTranslation>['t'];

const roleText = (t: Translate): Record<UserRoleFilter, string> => ({
  admin: t('Admins'),
  seller: t('Sellers'),
  customer: t('Customers'),
});

/** The address of a shop-status pill: the search and role kept, back to page 1. */
function shopHref(params: URLSearchParams, shop: ShopStatusFilter | ''): string {
  const next = new URLSearchParams(params);
  next.delete('page');
  if (shop === '') next.delete('shop');
  else next.set('shop', shop);
  const text = next.toString();
  return text === '' ? '?' : `?${text}`;
}

/**
 * /userlist (spec section 2, admin): the users, 50 a page, newest first, with shop status, edit
 * and delete (asked in the page's dialog); `?shop=` keeps one shop status, `?search=` finds a
 * name or e-mail and `?role=` keeps admins, sellers or customers (decision 270). Each row leads
 * with the name, which opens the user; the id is in that link, not a column of its own.
 */
export function UserListPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Users'));
  const { user: me } = useSession();
  const confirm = useConfirm();
  const [params] = useSearchParams();
  const asked = params.get('shop');
  const shop = isShopFilter(asked) ? asked : '';
  const filters = useListFilters(['search', 'role'] as const);
  const role = isOneOf(USER_ROLE_FILTERS, filters.values.role) ? filters.values.role : '';
  const search = filters.values.search.trim();
  const { page, hrefFor } = useListPage();
  const users = useUsers(page, shop, { search, role });
  const roles = roleText(t);
  const deleteUser = useDeleteUser();

  async function onDelete(entry: UserListEntry) {
    if (!(await confirm({ message: DELETE_QUESTION, confirmLabel: t('Delete'), destructive: true }))) return;
    deleteUser.mutate(entry._id);
  }

  return (
    <section className="page" aria-labelledby="users-heading">
      <h1 id="users-heading">{t('Users')}</h1>
      <ListFilterForm label={t('Search users')} filters={filters}>
        <label className="list-filter list-filter-search">
          <span>{t('Name or e-mail')}</span>
          <input type="search" name="search" defaultValue={filters.values.search} autoComplete="off" />
        </label>
        <label className="list-filter">
          <span>{t('Role')}</span>
          <select name="role" defaultValue={role} onChange={submitOnChange}>
            <option value="">{t('All roles')}</option>
            {USER_ROLE_FILTERS.map((key) => (
              <option key={key} value={key}>
                {roles[key]}
              </option>
            ))}
          </select>
        </label>
      </ListFilterForm>
      <nav className="filter-pills" aria-label={t('Show users by shop status')}>
        {(['', ...SHOP_STATUS_FILTER_KEYS] as const).map((filter) => (
          <Link
            key={filter || 'all'}
            to={shopHref(params, filter)}
            className="filter-pill"
            aria-current={filter === shop ? 'page' : undefined}
          >
            {filter === '' ? t('All users') : t(SHOP_STATUS_FILTERS[filter])}
          </Link>
        ))}
      </nav>
      {deleteUser.isError && <MessageBox variant="danger">{t(deleteUser.error.message)}</MessageBox>}
      {deleteUser.isSuccess && <MessageBox variant="success">{t('User deleted successfully.')}</MessageBox>}
      {users.isPending ? (
        <LoadingBox />
      ) : users.isError ? (
        <MessageBox variant="danger">{t(users.error.message)}</MessageBox>
      ) : users.data.items.length === 0 ? (
        <MessageBox>
          {filters.active
            ? t('No users match your search.')
            : shop === ''
              ? t('No users yet.')
              : t('No users with the shop status {{status}}.', { status: t(SHOP_STATUS_FILTERS[shop]) })}
        </MessageBox>
      ) : (
        <>
          <p className="list-total" aria-live="polite">
            {users.isPlaceholderData ? t('Searching...') : t('Found: {{n}}', { n: users.data.total })}
          </p>
          {/* The table scrolls sideways in its own box on narrow screens, so the page does not. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
          <section className="table-scroll" aria-label={t('Users table')} tabIndex={0}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('NAME')}</th>
                  <th scope="col">{t('EMAIL')}</th>
                  <th scope="col">{t('SELLER')}</th>
                  <th scope="col">{t('ADMIN')}</th>
                  <th scope="col">{t('ACTIONS')}</th>
                </tr>
              </thead>
              <tbody>
                {users.data.items.map((entry) => {
                  const status = shopStatus(entry);
                  const isMe = entry._id === me?._id;
                  return (
                    <tr key={entry._id}>
                      <td data-label={t('NAME')}>
                        {/* The name opens the user; the id is in the link, not shown. */}
                        <Link to={`/user/${entry._id}/edit`} className="user-name-link">
                          {entry.name}
                        </Link>
                      </td>
                      <td data-label={t('EMAIL')}>{entry.email}</td>
                      <td data-label={t('SELLER')}>
                        <span className={STATUS_CLASS[status]}>{t(status)}</span>
                      </td>
                      <td data-label={t('ADMIN')}>{entry.is_admin ? t('YES') : t('NO')}</td>
                      <td className="cell-actions" data-label={t('ACTIONS')}>
                        <div className="table-actions">
                          <Link to={`/user/${entry._id}/edit`} className="button button-small button-secondary">
                            {t('Edit')}
                            <span className="visually-hidden">{` ${entry.name}`}</span>
                          </Link>
                          <button
                            type="button"
                            className="button button-small button-danger"
                            disabled={deleteUser.isPending || isMe}
                            title={isMe ? t('You cannot delete your own account.') : undefined}
                            onClick={() => onDelete(entry)}
                          >
                            {t('Delete')}
                            <span className="visually-hidden">{` ${entry.name}`}</span>
                          </button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
          <Pager page={page} pages={pageCount(users.data.total)} hrefFor={hrefFor} label={t('User list pages')} />
        </>
      )}
    </section>
  );
}
