/**
 * Google sign-in through the OAuth implicit flow: Google returns an ID token to /account/google/callback,
 * which hands it to the API for verification. The nonce ties the token to this browser tab.
 */
export function GoogleButton({ clientId, label }: { clientId: string; label: string }) {
  function start() {
    const nonce = crypto.randomUUID();
    sessionStorage.setItem('googleNonce', nonce);
    const params = new URLSearchParams({
      client_id: clientId,
      redirect_uri: `${location.origin}/account/google/callback`,
      response_type: 'id_token',
      scope: 'openid email profile',
      nonce,
      prompt: 'select_account',
    });
    location.assign(`https://accounts.google.com/o/oauth2/v2/auth?${params}`);
  }
  return (
    <button type="button" onClick={start} className="px-4 py-2 rounded-md bg-white border border-gray-400 cursor-pointer hover:bg-gray-50">
      {label}
    </button>
  );
}
