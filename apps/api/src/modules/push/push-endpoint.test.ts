import { describe, expect, it } from 'vitest';
import { parseFetchAllowList } from '../feeds/fetch/address-policy';
import { pushEndpointAllowed, pushEndpointProblem } from './push-endpoint';

const none = parseFetchAllowList([]);

/** The endpoints the audit subscribed (all answered 201) and their kin. */
const REFUSED_ENDPOINTS = [
  'https://LOCALHOST.:9443/x',
  'https://localhost/x',
  'https://foo.localhost:3200/',
  'https://foo.localhost/',
  'https://127.0.0.1.nip.io:3200/',
  'https://127.0.0.1.nip.io/',
  'https://169.254.169.254.nip.io/',
  'https://app-10-0-0-1.sslip.io/',
  'https://kubernetes.default.svc/',
  'https://kubernetes.default.svc.cluster.local/',
  'https://metadata.google.internal./',
  'https://printer.local/',
  'https://router.home.arpa/',
  'https://db.corp.example:5432/',
  'https://fcm.googleapis.com:8443/fcm/send/x',
  'https://intranet/',
  'https://127.0.0.1/',
  'https://2130706433/',
  'https://0x7f.1/',
  'https://[::1]/',
  'https://[::ffff:169.254.169.254]/',
  'https://93.184.216.34/',
  'https://user:pw@fcm.googleapis.com/fcm/send/x',
  'http://fcm.googleapis.com/fcm/send/x',
  'http://127.0.0.1:8080/x',
  'ftp://fcm.googleapis.com/x',
  'file:///etc/passwd',
  'not a url',
];

describe('pushEndpointProblem: what a subscription may name', () => {
  it.each(REFUSED_ENDPOINTS)('refuses %s', (endpoint) => {
    expect(pushEndpointProblem(endpoint, none)).not.toBeNull();
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH',
    'https://fcm.googleapis.com:443/wp/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    'https://db5p.notify.windows.com/w/?token=AwYAAAB',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://FCM.GoogleAPIs.com/fcm/send/x',
  ])('accepts the push service %s', (endpoint) => {
    expect(pushEndpointProblem(endpoint, none)).toBeNull();
  });

  it('lets through exactly what PUSH_FETCH_ALLOW names (a stand-in), whatever its scheme or port', () => {
    const loopback = parseFetchAllowList(['127.0.0.1']);
    expect(pushEndpointAllowed('http://127.0.0.1:8080/x', loopback)).toBe(true);
    expect(pushEndpointAllowed('https://127.0.0.1:8443/x', loopback)).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.2:8080/x', loopback)).toBe(false);
    expect(pushEndpointAllowed('http://localhost:8080/x', loopback)).toBe(false);
    // Credentials are never accepted, listed or not.
    expect(pushEndpointAllowed('http://u:p@127.0.0.1:8080/x', loopback)).toBe(false);

    const onePort = parseFetchAllowList(['127.0.0.1:8080', 'pushstand.test:9000']);
    expect(pushEndpointAllowed('http://127.0.0.1:8080/x', onePort)).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.1:8081/x', onePort)).toBe(false);
    expect(pushEndpointAllowed('http://pushstand.test:9000/x', onePort)).toBe(true);
    expect(pushEndpointAllowed('http://PushStand.test.:9000/x', onePort)).toBe(true);
    expect(pushEndpointAllowed('http://pushstand.test:9001/x', onePort)).toBe(false);

    // An address range admits address literals only; a name is listed by name.
    const range = parseFetchAllowList(['10.0.0.0/8']);
    expect(pushEndpointAllowed('https://10.1.2.3/x', range)).toBe(true);
    expect(pushEndpointAllowed('https://10.1.2.3.nip.io/x', range)).toBe(false);
    // A public address literal is no push service, listed or not.
    expect(pushEndpointAllowed('https://93.184.216.34/x', parseFetchAllowList(['93.184.216.34']))).toBe(false);
  });
});
