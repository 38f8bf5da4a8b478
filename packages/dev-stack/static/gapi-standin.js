/* global window, document */
/**
 * A stand-in for the part of Google's `gapi.iframes` library (https://apis.google.com/js/api.js)
 * that Firebase Auth's popup and redirect flows use: open, ping, register, send and
 * getParentIframe, over postMessage.
 *
 * Why it exists: both the Auth SDK and the Auth emulator's own pages (/emulator/auth/iframe and
 * /emulator/auth/handler) load Google's script from the CDN, so Google sign-in against the emulator
 * cannot finish without the internet. Development and tests only, never production:
 * - `npm start` serves this file as /__showcase/gapi.js from the proxy in front of the Auth
 *   emulator (src/auth-emulator-proxy.ts), which also points the emulator's pages at it;
 * - the app (dev and test builds) loads it from there before the first popup or redirect call
 *   (apps/web/src/lib/firebase/emulator-gapi.ts), and the SDK then uses it instead of Google's;
 * - the end-to-end stack runs the same proxy (src/stack.ts).
 * Production builds load Google's real script.
 */
(function () {
  var TAG = '__showcaseGapiIframes';
  var channels = [];
  function Channel(target) {
    this.target = target;
    this.handlers = {};
    this.queued = {};
    this.pending = {};
    this.isReady = false;
    this.readyCallbacks = [];
  }
  Channel.prototype.post = function (message) {
    message[TAG] = message.kind;
    this.target.postMessage(message, '*');
  };
  Channel.prototype.markReady = function () {
    if (this.isReady) return;
    this.isReady = true;
    var callbacks = this.readyCallbacks;
    this.readyCallbacks = [];
    callbacks.forEach(function (callback) {
      callback();
    });
  };
  Channel.prototype.whenReady = function (callback) {
    if (this.isReady) callback();
    else this.readyCallbacks.push(callback);
  };
  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var queued = this.queued[name] || [];
    delete this.queued[name];
    for (var i = 0; i < queued.length; i++) this.handleCall(queued[i]);
  };
  Channel.prototype.send = function (name, payload, callback) {
    var id = String(Math.random()).slice(2);
    if (callback) this.pending[id] = callback;
    this.post({ kind: 'call', id: id, name: name, payload: payload });
  };
  Channel.prototype.handleCall = function (message) {
    var handler = this.handlers[message.name];
    if (!handler) {
      (this.queued[message.name] = this.queued[message.name] || []).push(message);
      return;
    }
    this.post({ kind: 'reply', id: message.id, result: [handler(message.payload)] });
  };
  Channel.prototype.handleReply = function (message) {
    var callback = this.pending[message.id];
    delete this.pending[message.id];
    // gapi isolates callback errors from the messaging loop; so do we.
    if (callback) {
      try {
        callback(message.result);
      } catch {
        /* swallowed as gapi does */
      }
    }
  };
  function channelFor(target) {
    for (var i = 0; i < channels.length; i++) if (channels[i].target === target) return channels[i];
    var channel = new Channel(target);
    channels.push(channel);
    return channel;
  }
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || typeof data !== 'object' || !data[TAG]) return;
    var channel = null;
    for (var i = 0; i < channels.length; i++)
      if (channels[i].target === event.source) channel = channels[i];
    if (!channel) return;
    if (data.kind === 'hello') {
      channel.markReady();
      if (!data.ack) channel.post({ kind: 'hello', ack: true });
    } else if (data.kind === 'call') channel.handleCall(data);
    else if (data.kind === 'reply') channel.handleReply(data);
  });
  function handle(channel) {
    return {
      restyle: function () {
        return Promise.resolve();
      },
      ping: function (callback) {
        return new Promise(function (resolve) {
          channel.whenReady(function () {
            if (callback) callback();
            resolve();
          });
        });
      },
      register: function (name, handler) {
        channel.register(name, handler);
      },
      send: function (name, payload, callback) {
        channel.send(name, payload, callback);
      },
    };
  }
  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (key) {
        if (key === 'style') Object.assign(frame.style, attributes.style);
        else frame.setAttribute(key, attributes[key]);
      });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      var channel = channelFor(frame.contentWindow);
      return Promise.resolve(onOpen ? onOpen(handle(channel)) : handle(channel));
    },
    getParentIframe: function () {
      var channel = channelFor(window.parent);
      channel.post({ kind: 'hello' });
      return handle(channel);
    },
  };
  var gapi = (window.gapi = window.gapi || {});
  gapi.iframes = {
    Iframe: function () {},
    CROSS_ORIGIN_IFRAMES_FILTER: function () {
      return true;
    },
    getContext: function () {
      return context;
    },
  };
  gapi.load = function (_modules, options) {
    var callback = typeof options === 'function' ? options : options && options.callback;
    setTimeout(function () {
      if (callback) callback();
    }, 0);
  };
  var script = document.currentScript;
  var onload = script && new URL(script.src).searchParams.get('onload');
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
