// libpulse's asynchronous API (context, introspection, subscription), without its own main
// loops: MediaRemote drives it from its event loop through pa_mainloop_api (Audio's PulseLoop).
//
// libpulse is not linked: it brings 17 libraries the service does not load otherwise (sndfile and
// its codecs, X11, …) that every start would load and relocate, with or without an audio server. cpulse.c loads it when
// the service first reaches for a server (pulse_load), and defines the few functions the
// service calls, each passing the call on to libpulse's own.
#include <pulse/context.h>
#include <pulse/introspect.h>
#include <pulse/subscribe.h>
#include <pulse/proplist.h>
#include <pulse/volume.h>
#include <pulse/error.h>
#include <pulse/timeval.h>
#include <pulse/rtclock.h>

// Loads libpulse and finds each function the service calls, once: NULL when it is ready
// (loaded now or before), else why not (dlopen's or dlsym's words). Until it returns NULL, no
// other libpulse function here may be called.
const char *pulse_load(void);
