import { describe, expect, it } from 'vitest';
import { classifyRead, isPersonEvent } from './read-classifier.ts';

const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const sentAt = new Date('2026-11-22T10:00:00Z');
const later = new Date('2026-11-22T10:05:00Z');

describe('classifyRead', () => {
  it('takes a browser some time after delivery for a person', () => {
    expect(classifyRead({ userAgent: chrome, ip: '200.1.2.3', sentAt, at: later, via: 'pagina' }).classe).toBe('pessoa');
    expect(classifyRead({ userAgent: chrome, ip: '200.1.2.3', sentAt, at: later, via: 'pixel' }).classe).toBe('pessoa');
  });

  it('recognises image proxies by user agent and Apple Mail by network', () => {
    const gmail = 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';
    expect(classifyRead({ userAgent: gmail, ip: '66.249.1.1', sentAt, at: later, via: 'pixel' }).classe).toBe('proxy-de-imagens');
    expect(classifyRead({ userAgent: 'Mozilla/5.0', ip: '17.58.1.2', sentAt, at: later, via: 'pixel' })).toMatchObject({
      classe: 'proxy-de-imagens',
      motivo: 'proteção de privacidade do Apple Mail',
    });
  });

  it('recognises link scanners, headless browsers and programs', () => {
    expect(classifyRead({ userAgent: 'Mozilla/5.0 Barracuda Sentinel', ip: null, sentAt, at: later, via: 'pagina' }).classe).toBe(
      'verificador-de-links',
    );
    const headless = chrome.replace('Chrome/', 'HeadlessChrome/');
    expect(classifyRead({ userAgent: headless, ip: null, sentAt, at: later, via: 'pagina' }).classe).toBe('automatico');
    expect(classifyRead({ userAgent: 'curl/8.5.0', ip: null, sentAt, at: later, via: 'pixel' }).classe).toBe('automatico');
    expect(classifyRead({ userAgent: '', ip: null, sentAt, at: later, via: 'pixel' }).classe).toBe('automatico');
  });

  it('does not take a fetch within seconds of delivery for a person', () => {
    const soon = new Date(sentAt.getTime() + 2000);
    expect(classifyRead({ userAgent: chrome, ip: '200.1.2.3', sentAt, at: soon, via: 'pagina' }).classe).toBe('verificador-de-links');
    expect(classifyRead({ userAgent: chrome, ip: '200.1.2.3', sentAt, at: soon, via: 'pixel' }).classe).toBe('proxy-de-imagens');
  });
});

describe('isPersonEvent', () => {
  it('counts a person and an unclassified event, not a proxy or a scanner', () => {
    expect(isPersonEvent({ classificacao: 'pessoa' })).toBe(true);
    expect(isPersonEvent({})).toBe(true);
    expect(isPersonEvent(null)).toBe(true);
    expect(isPersonEvent({ classificacao: 'proxy-de-imagens' })).toBe(false);
    expect(isPersonEvent({ classificacao: 'verificador-de-links' })).toBe(false);
  });
});
