import { apiClient } from '../../../api/typed-client.ts';

/** What the browser tells about itself when a received message is opened (spec 001 §7). */
function browserInfo() {
  const ua = navigator.userAgent;
  const browser = /Firefox\//.test(ua)
    ? 'Firefox'
    : /Edg\//.test(ua)
      ? 'Edge'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Outro';
  const version = /(?:Firefox|Edg|Chrome|Version)\/([\d.]+)/.exec(ua)?.[1];
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad/.test(ua)
        ? 'iOS'
        : /Mac OS/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'Outro';
  return { browser, browserVersion: version, os, device: /Mobi/.test(ua) ? 'Celular' : 'Computador' };
}

export const getReceivedCall = (id: number) =>
  apiClient.GET('/v2/emails/received/{id}', { params: { path: { id }, query: browserInfo() }, silent: true });
