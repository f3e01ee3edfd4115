// Says so when serve mode's event stream is down or the server refused this page's token.

import { useEffect, useState } from 'react';
import { connection } from '../api/index.ts';

export function ConnectionNotice() {
  const [state, setState] = useState(connection.state);
  useEffect(() => connection.onStateChange(setState), []);
  if (state === 'reconnecting') return <p className="notice" role="status">The connection to the Streamscope server dropped; reconnecting…</p>;
  if (state === 'refused') {
    return (
      <p className="notice error" role="alert">
        The Streamscope server does not accept this page: open the address <code>streamscope serve</code> printed (it carries this run’s access token).
      </p>
    );
  }
  return null;
}
