// libpulse's asynchronous API (context, introspection, subscription), without its own main
// loops: MediaRemote drives it from its event loop through pa_mainloop_api (Audio's PulseLoop).
#include <pulse/context.h>
#include <pulse/introspect.h>
#include <pulse/subscribe.h>
#include <pulse/proplist.h>
#include <pulse/volume.h>
#include <pulse/error.h>
#include <pulse/timeval.h>
#include <pulse/rtclock.h>
