import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSession } from '#web/lib/session.tsx';

/** Signs out (clearing userInfo, cartItems and shippingAddress), forgets cached answers, goes home. */
export function useSignOut(): () => void {
  const { signOut } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    signOut();
    queryClient.clear();
    navigate('/');
  };
}
