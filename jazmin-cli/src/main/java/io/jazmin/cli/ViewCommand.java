package io.jazmin.cli;

import io.jazmin.JazminReader;
import io.jazmin.key.DerivedKeyCache;
import io.jazmin.options.ReadOptions;
import io.jazmin.viewer.Viewer;
import io.jazmin.viewer.ViewerFile;
import java.awt.Desktop;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jazmin view FILE [--port N] [--open]}: serves a web viewer of the file on the loopback address. */
@Command(name = "view", mixinStandardHelpOptions = true,
        description = {"Serve a web viewer of a .jzm file on the loopback address (127.0.0.1) and print its URL: the "
                + "file's facts, tables, rows with paging, sorting and a filter box, explain, embedded files, export "
                + "shapes and, for a shared file, partitions, groups and grants.",
            "The key or password stays in this process: the browser never receives it. Stop with Ctrl-C."})
final class ViewCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the .jzm file")
    private Path file;

    @Option(names = "--port", paramLabel = "N", defaultValue = "0",
            description = "the port to listen on (default: 0, a free port)")
    private int port;

    @Option(names = "--open", description = "open the viewer in the default browser, when the desktop allows")
    private boolean open;

    @Mixin
    private FileOptions secrets;

    @Override
    public Integer call() throws InterruptedException {
        if (port < 0 || port > 65535) {
            throw Usage.error(spec, "--port must be 0 to 65535, not " + port);
        }
        // The page re-reads the storage figures: a password is derived once, not on each request.
        DerivedKeyCache keys = new DerivedKeyCache();
        ReadOptions options = secrets.readOptions(file);
        if (options.keyCache() == null) {
            options = options.withKeyCache(keys);
        }
        CountDownLatch stopped = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        // Ctrl-C runs the shutdown hooks and halts when they end: this one wakes the command and waits
        // (a few seconds at most) until it has closed the server and the file.
        Thread hook = new Thread(() -> {
            stopped.countDown();
            awaitQuietly(closed);
        }, "jazmin-view-stop");
        try (keys; JazminReader reader = JazminReader.open(file, options);
             ViewerServer server = listen(new Viewer(List.of(ViewerFile.of(file.getFileName().toString(), file,
                     options, reader))))) {
            PrintWriter out = spec.commandLine().getOut();
            out.println("Viewing " + file + " at " + server.uri() + " (Ctrl-C stops)");
            out.flush();
            if (open) {
                browse(server.uri());
            }
            Runtime.getRuntime().addShutdownHook(hook);
            stopped.await();
        } finally {
            closed.countDown();
        }
        return ExitCodes.OK;
    }

    /** The server on {@code --port}; a port taken or refused is a usage error naming it. */
    private ViewerServer listen(Viewer viewer) {
        try {
            return ViewerServer.start(viewer::answer, port);
        } catch (java.io.UncheckedIOException e) {
            throw Usage.error(spec, "--port " + port + ": cannot listen on the loopback address ("
                    + Failures.describe(e.getCause()) + ")");
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(5, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void browse(URI uri) {
        if (!java.awt.GraphicsEnvironment.isHeadless() && Desktop.isDesktopSupported()
                && Desktop.getDesktop().isSupported(Desktop.Action.BROWSE)) {
            try {
                Desktop.getDesktop().browse(uri);
                return;
            } catch (java.io.IOException | UnsupportedOperationException e) {
                // Reported below: the URL is printed anyway.
            }
        }
        spec.commandLine().getErr().println("cannot open a browser here: open " + uri + " yourself");
        spec.commandLine().getErr().flush();
    }
}
