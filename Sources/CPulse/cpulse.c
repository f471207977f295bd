// libpulse, loaded when first needed (see cpulse.h): each function the service calls is defined
// here and passes the call on to libpulse's, found with dlsym on libpulse's own handle. Hidden:
// the program does not export them, so libpulse's calls to its own functions (it makes some)
// stay inside libpulse, as they did when it was linked.
#include "cpulse.h"

#include <dlfcn.h>
#include <stddef.h>
#include <string.h>

#pragma GCC visibility push(hidden)

// Every function used: X(return type, name, (parameters), (arguments)) for those that return a
// value, V(name, (parameters), (arguments)) for those that return nothing.
#define PULSE_FUNCTIONS(X, V)                                                                                                \
    X(pa_context *, pa_context_new, (pa_mainloop_api * api, const char *name), (api, name))                                \
    V(pa_context_unref, (pa_context * c), (c))                                                                             \
    X(int, pa_context_connect, (pa_context * c, const char *server, pa_context_flags_t flags, const pa_spawn_api *api),    \
      (c, server, flags, api))                                                                                             \
    V(pa_context_disconnect, (pa_context * c), (c))                                                                        \
    X(int, pa_context_errno, (const pa_context *c), (c))                                                                   \
    X(pa_context_state_t, pa_context_get_state, (const pa_context *c), (c))                                                \
    X(int, pa_context_load_cookie_from_file, (pa_context * c, const char *path), (c, path))                                \
    V(pa_context_set_state_callback, (pa_context * c, pa_context_notify_cb_t cb, void *u), (c, cb, u))                    \
    V(pa_context_set_subscribe_callback, (pa_context * c, pa_context_subscribe_cb_t cb, void *u), (c, cb, u))             \
    X(pa_operation *, pa_context_subscribe, (pa_context * c, pa_subscription_mask_t m, pa_context_success_cb_t cb, void *u), \
      (c, m, cb, u))                                                                                                       \
    X(pa_operation *, pa_context_get_server_info, (pa_context * c, pa_server_info_cb_t cb, void *u), (c, cb, u))          \
    X(pa_operation *, pa_context_get_card_info_list, (pa_context * c, pa_card_info_cb_t cb, void *u), (c, cb, u))         \
    X(pa_operation *, pa_context_get_client_info, (pa_context * c, uint32_t i, pa_client_info_cb_t cb, void *u),          \
      (c, i, cb, u))                                                                                                       \
    X(pa_operation *, pa_context_get_client_info_list, (pa_context * c, pa_client_info_cb_t cb, void *u), (c, cb, u))     \
    X(pa_operation *, pa_context_get_sink_info_by_index, (pa_context * c, uint32_t i, pa_sink_info_cb_t cb, void *u),     \
      (c, i, cb, u))                                                                                                       \
    X(pa_operation *, pa_context_get_sink_info_list, (pa_context * c, pa_sink_info_cb_t cb, void *u), (c, cb, u))         \
    X(pa_operation *, pa_context_get_sink_input_info, (pa_context * c, uint32_t i, pa_sink_input_info_cb_t cb, void *u),  \
      (c, i, cb, u))                                                                                                       \
    X(pa_operation *, pa_context_get_sink_input_info_list, (pa_context * c, pa_sink_input_info_cb_t cb, void *u),         \
      (c, cb, u))                                                                                                          \
    V(pa_operation_unref, (pa_operation * o), (o))                                                                         \
    X(const char *, pa_proplist_gets, (const pa_proplist *p, const char *key), (p, key))                                   \
    X(pa_volume_t, pa_cvolume_max, (const pa_cvolume *a), (a))                                                             \
    X(const char *, pa_strerror, (int error), (error))                                                                     \
    X(pa_usec_t, pa_rtclock_now, (void), ())

#define POINTER(type, name, parameters, arguments) static type(*name##_found) parameters;
#define VOID_POINTER(name, parameters, arguments) static void(*name##_found) parameters;
PULSE_FUNCTIONS(POINTER, VOID_POINTER)

#define FORWARD(type, name, parameters, arguments) \
    type name parameters { return name##_found arguments; }
#define VOID_FORWARD(name, parameters, arguments) \
    void name parameters { name##_found arguments; }
PULSE_FUNCTIONS(FORWARD, VOID_FORWARD)

static void *pulse;
static const char *failure;

const char *pulse_load(void) {
    if (pulse) return NULL;
    // A failure is kept: the library will not appear while the service runs.
    if (failure) return failure;
    void *library = dlopen("libpulse.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        // dlerror's text lives only until the next call: kept as a copy (or, with no memory
        // for one, in general words; never NULL, which would say it loaded).
        failure = strdup(dlerror());
        return failure = failure ? failure : "libpulse.so.0 cannot be loaded";
    }
#define FIND(type, name, parameters, arguments)                      \
    if (!(*(void **)&name##_found = dlsym(library, #name))) {      \
        failure = "libpulse.so.0 lacks " #name;                    \
        dlclose(library);                                          \
        return failure;                                            \
    }
#define VOID_FIND(name, parameters, arguments) FIND(void, name, parameters, arguments)
    PULSE_FUNCTIONS(FIND, VOID_FIND)
    pulse = library;
    return NULL;
}
#pragma GCC visibility pop
