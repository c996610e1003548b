// A local stand-in for PayPal's JS SDK (https://www.paypal.com/sdk/js), served by
// checkout-paypal.spec.ts through page.route. It offers exactly what @paypal/react-paypal-js
// uses: window.paypal.version and window.paypal.Buttons(options) returning isEligible(),
// render(container) and close(). Its button plays the buyer: it calls the app's REAL
// createOrder (our server creates the PayPal order at the stand-in), approves that order at
// the stand-in through its test control, then calls the app's REAL onApprove, whose
// actions.order.capture() captures at the stand-in. The control calls go to
// https://www.paypal.com/__standin/..., which the test forwards to the stand-in (the page's CSP
// admits PayPal's origin only).
(() => {
  const CONTROL = 'https://www.paypal.com/__standin/orders';

  async function control(orderId, action) {
    const response = await fetch(`${CONTROL}/${encodeURIComponent(orderId)}/${action}`, { method: 'POST' });
    const body = await response.json();
    if (!response.ok) throw new Error(`PayPal stand-in ${action} failed: ${response.status} ${JSON.stringify(body)}`);
    return body;
  }

  function Buttons(options) {
    let container = null;
    const initActions = { enable: () => Promise.resolve(), disable: () => Promise.resolve() };
    if (typeof options.onInit === 'function') options.onInit({}, initActions);

    async function pay(button) {
      button.disabled = true;
      try {
        if (typeof options.onClick === 'function') await options.onClick({ fundingSource: 'paypal' }, initActions);
        const orderID = await options.createOrder(
          { paymentSource: 'paypal' },
          { order: { create: () => Promise.reject(new Error('Create orders on the server.')) } },
        );
        // The buyer approves in PayPal's window.
        await control(orderID, 'approve');
        await options.onApprove(
          { orderID, payerID: 'STUBPAYER', paymentSource: 'paypal', facilitatorAccessToken: 'stub-token' },
          {
            order: {
              capture: () => control(orderID, 'complete'),
              get: () => control(orderID, 'approve'),
              authorize: () => Promise.reject(new Error('Not supported by the stub.')),
              patch: () => Promise.resolve(),
            },
            restart: () => Promise.resolve(),
            redirect: () => {},
          },
        );
      } catch (error) {
        if (typeof options.onError === 'function') options.onError(error);
        else console.error(error);
      } finally {
        button.disabled = false;
      }
    }

    return {
      isEligible: () => true,
      render(target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('No container to render the PayPal button in.'));
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Pay with PayPal';
        button.setAttribute('data-paypal-stub', '');
        button.addEventListener('click', () => void pay(button));
        container.append(button);
        return Promise.resolve();
      },
      close() {
        container?.replaceChildren();
        container = null;
        return Promise.resolve();
      },
    };
  }

  window.paypal = { version: '5.0.0-e2e-stub', Buttons, FUNDING: { PAYPAL: 'paypal' } };
})();
