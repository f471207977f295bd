// mediaremotectl: the command-line client; its commands live in MediaRemoteCtl.
import MediaRemoteCtl

MediaRemoteCommand.main()
