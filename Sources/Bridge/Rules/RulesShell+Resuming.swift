import Core
import DBus
import DBusTypes
import Loop
import MediaRemoteAPI
import MPRIS
import SystemFiles
import Time

/// A play with nobody to receive it launches the last player (``Resumption``): the launch, the
/// wait for its player (the rules send the event on when it comes: ``RulesEffect/resume``),
/// and its end when it cannot be launched or its player does not come in time, each said once
/// in the log and to `monitor`.
extension RulesShell {
    func launch(_ launch: Resumption.Launch, completion: ((Outcome) -> Void)?) {
        resumeCompletion = completion
        launchTimer.arm(at: launch.deadline)
        launcher.launch(launch) { [weak self] result in
            guard let self else { return }
            switch result {
            case .launched(let how):
                // Said even when its player came first (D-Bus activation answers once the app
                // is up): what was launched, and how.
                Log.info("\(RulesShell.describe(launch.event)) from \(launch.event.source): nobody is receiving remote-control events; launched \(launch.player.name) to resume (\(launch.desktopEntry).desktop, \(how)); the event goes to it when its player comes")
                self.announceLaunch(launch, how)
            case .failed(let why):
                // A launch that ended meanwhile (its time ran out) is not this one.
                guard self.router.dispatcher.resumption.launch == launch else { return }
                Log.warning("\(RulesShell.describe(launch.event)) from \(launch.event.source): cannot launch \(launch.player.name) to resume: \(why)")
                self.endLaunch(.launchFailed)
            }
        }
    }

    /// The launch's time ran out with no player of it able to take the event.
    func launchTimedOut() {
        guard let launch = router.dispatcher.resumption.launch else { return }
        Log.info("launched \(launch.player.name) to resume \(RulesShell.describe(launch.event)), and no player of it that could play came within \(Resumption.patience)")
        endLaunch(.launchedPlayerDidNotCome)
    }

    /// The launched player's time to play is up: one stopped, or playing with no track at all
    /// (``PlayerProperties/hasNothingToPlay(_:)``), came back with nothing to play (mpv, opened
    /// without a file, idles, and says Playing in some starts). Its properties are asked for
    /// now (a player whose changes went unsaid must not be closed while it plays). It is closed,
    /// since the service opened it for nothing, and its desktop entry is not launched again;
    /// that is kept with the last player.
    func judgeTrial() {
        guard let due = dispatcher.trialDue(at: now) else { return }
        connection.call(
            StandardMembers.getAllLeniently, InterfaceArgument(MPRISNames.player), destination: due.busName, path: MPRISNames.path,
            interface: .properties, timeout: .seconds(2)
        ) { [weak self] result in
            guard let self else { return }
            // No answer: nothing is known, and nothing is closed.
            let properties = if case .success(let all) = result { all.properties } else { [String: Value]() }
            let nothingToPlay = PlayerProperties.hasNothingToPlay(properties)
            guard let trial = self.change({ $0.judgeTrial(due, nothingToPlay: nothingToPlay) }) else { return }
            self.closeEmpty(trial, status: PlayerProperties(properties).status ?? .stopped)
        }
    }

    private func closeEmpty(_ trial: Resumption.Trial, status: PlaybackStatus) {
        let state = status == .stopped ? "stopped" : "\(status.rawValue.lowercased()) with no track"
        Log.warning("launched \(trial.player.name) (\(trial.desktopEntry).desktop) to resume, and it came back with nothing to play (\(state) \(Resumption.playGrace.tenthsOfSecond) after the play): closing it; a play with no player no longer launches it")
        connection.call(MPRISMembers.quit, NoArguments(), destination: trial.busName, path: MPRISNames.path, interface: MPRISNames.root, timeout: .seconds(5)) { result in
            if case .failure(let error) = result { Log.info("\(trial.busName) did not quit when asked (\(error.clause)); it stays open") }
        }
    }

    func endLaunch(_ reason: DiscardReason) {
        launchTimer.arm(at: nil)
        perform(router.endLaunch(reason), completion: takeResumeCompletion())
    }

    func takeResumeCompletion() -> ((Outcome) -> Void)? {
        defer { resumeCompletion = nil }
        return resumeCompletion
    }

    /// Why a play or play/pause nobody received launched nothing, for its log line; nil for
    /// other events.
    func whyNothingResumed(_ event: Event) -> String? {
        guard event.remoteControlSubtype == .play || event.remoteControlSubtype == .togglePlayPause else { return nil }
        return router.dispatcher.resumption.whyNothingLaunched
    }

    /// `Resuming`, for `mediaremotectl monitor`: which player was launched, and how.
    private func announceLaunch(_ launch: Resumption.Launch, _ how: String) {
        try? connection.emit(
            MediaRemoteMembers.resuming, Resuming(player: launch.player.name, desktopEntry: launch.desktopEntry, how: how),
            of: MediaRemoteNames.interface, at: MediaRemoteNames.objectPath)
    }
}
