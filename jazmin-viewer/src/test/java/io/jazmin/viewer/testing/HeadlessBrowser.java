package io.jazmin.viewer.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real headless Chromium for the viewer's browser tests (the CLI's {@code jazmin view}, the
 * starter's console in the sample app): Debian's {@code chromium} and {@code chromium-driver}
 * (which {@code .ci/run} installs), never a downloaded browser. A missing browser or driver fails
 * the test: it is never skipped. Screenshots and downloads go to folders of the test's output.
 */
public final class HeadlessBrowser implements AutoCloseable {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private final ChromeDriver driver;
    private final WebDriverWait wait;
    private final Path screenshots;
    private final Path downloads;

    private HeadlessBrowser(ChromeDriver driver, Path screenshots, Path downloads) {
        this.driver = driver;
        this.screenshots = screenshots;
        this.downloads = downloads;
        // The viewer rebuilds its tables after each answer: an element found just before is then stale.
        this.wait = (WebDriverWait) new WebDriverWait(driver, Duration.ofSeconds(10))
                .ignoring(StaleElementReferenceException.class);
    }

    /**
     * Starts the browser, saving screenshots under {@code screenshots} and downloads under
     * {@code downloads} (both created; relative paths are taken from the working folder, the
     * module's).
     */
    public static HeadlessBrowser start(Path screenshots, Path downloads) throws IOException {
        assertThat(CHROMIUM).as("Debian's chromium package (apt-get install chromium)").isExecutable();
        assertThat(CHROMEDRIVER).as("Debian's chromium-driver package (apt-get install chromium-driver)").isExecutable();
        Path shots = Files.createDirectories(screenshots.toAbsolutePath());
        Path saved = Files.createDirectories(downloads.toAbsolutePath());
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
                .addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1100");
        options.setExperimentalOption("prefs", Map.of("download.default_directory", saved.toString(),
                "download.prompt_for_download", false));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        return new HeadlessBrowser(new ChromeDriver(service, options), shots, saved);
    }

    /** The browser. */
    public ChromeDriver driver() {
        return driver;
    }

    /** Waits of up to 10 seconds, ignoring elements gone stale while the page rebuilds. */
    public WebDriverWait waiting() {
        return wait;
    }

    /** Saves the page as {@code name.png} in the screenshot folder and returns that file. */
    public Path screenshot(String name) {
        try {
            return Files.write(screenshots.resolve(name + ".png"), driver.getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where a download named {@code name} is saved. */
    public Path download(String name) {
        return downloads.resolve(name);
    }

    /** The download named {@code name}, once the browser has finished saving it. */
    public Path downloaded(String name) {
        Path file = download(name);
        wait.until(d -> Files.isRegularFile(file) && !Files.exists(downloads.resolve(name + ".crdownload")));
        return file;
    }

    @Override
    public void close() {
        driver.quit();
    }
}
