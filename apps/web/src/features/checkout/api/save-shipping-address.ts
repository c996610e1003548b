import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShippingAddress, UserDetails } from '@torget/shared/api-types.generated';
import { userDetailsQueryKey } from '#web/api/user-details.ts';
import { api } from '#web/lib/api-client.ts';

/** The payload of spec section 7: the user's id and the five address fields in snake case. */
export interface SaveShippingAddressPayload {
  _id: string;
  shipping_full_name: string;
  shipping_address: string;
  shipping_postal_code: string;
  shipping_city: string;
  shipping_country: string;
}

export function toSaveShippingAddressPayload(userId: string, address: ShippingAddress): SaveShippingAddressPayload {
  return {
    _id: userId,
    shipping_full_name: address.fullName,
    shipping_address: address.address,
    shipping_postal_code: address.postalCode,
    shipping_city: address.city,
    shipping_country: address.country,
  };
}

/** PUT /api/users/save_shipping_address (bearer): the updated user. */
export function saveShippingAddressToUser(payload: SaveShippingAddressPayload): Promise<UserDetails> {
  return api.put<UserDetails>('/api/users/save_shipping_address', payload, { auth: true });
}

/** Saves the address on the user, then keeps the cached user details in step. */
export function useSaveShippingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShippingAddressToUser,
    onSuccess: (user) => queryClient.setQueryData(userDetailsQueryKey(user._id), user),
  });
}
