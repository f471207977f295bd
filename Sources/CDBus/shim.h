// libdbus, whole. Its error struct is LibDBusError to Swift (CDBus.apinotes).
#include <dbus/dbus.h>
