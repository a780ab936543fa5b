package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.key.AccessKeyText;
import io.jazmin.options.ReadOptions;
import io.jazmin.testing.SharedFiles;
import io.jazmin.viewer.testing.HeadlessBrowser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The viewer in a real headless Chromium (Debian's {@code chromium} and {@code chromium-driver},
 * which {@code .ci/run} installs): it opens interop cases (plain, key, shared with an access key),
 * pages, sorts, filters (a bad filter shown as an error), explains, previews an embedded image and
 * text, downloads a file and a shape. Screenshots go to {@code target/viewer-screenshots/}. No
 * secret is in any page, request or answer. A missing browser or driver fails the class: it is
 * never skipped ({@link HeadlessBrowser}). One browser serves the whole class.
 */
class ViewerBrowserTest {
    private static HeadlessBrowser headless;
    private static ChromeDriver browser;
    private static WebDriverWait wait;

    @BeforeAll
    static void startBrowser() throws IOException {
        headless = HeadlessBrowser.start(Path.of("target", "viewer-screenshots"), Path.of("target", "viewer-downloads"));
        browser = headless.driver();
        wait = headless.waiting();
    }

    @AfterAll
    static void stopBrowser() {
        if (headless != null) {
            headless.close();
        }
    }

    private static void open(ViewerFixture viewer) {
        browser.get(viewer.server.uri().toString());
        wait.until(d -> "true".equals(d.findElement(By.tagName("body")).getDomAttribute("data-ready")));
        assertThat(browser.findElement(By.id("load-error")).isDisplayed()).isFalse();
    }

    private static String text(String id) {
        return browser.findElement(By.id(id)).getText();
    }

    private static void screenshot(String name) {
        headless.screenshot(name);
    }

    private static List<String> column(int index) {
        return browser.findElements(By.cssSelector("#rows tbody tr td:nth-child(" + index + ")")).stream()
                .map(WebElement::getText).toList();
    }

    private static void filter(String where) {
        WebElement box = browser.findElement(By.id("where"));
        box.clear();
        box.sendKeys(where);
        browser.findElement(By.id("apply")).click();
    }

    @Test
    void aPlainFilePagesSortsFiltersExplainsPreviewsAndDownloads(@TempDir Path tmp) throws IOException {
        try (ViewerFixture viewer = ViewerFixture.serve(ViewerFixture.withFiles("js-plain", tmp, null),
                ReadOptions.defaults())) {
            open(viewer);
            assertThat(text("facts")).contains("Format version").contains("Dead bytes").contains("Appends\n3");
            assertThat(text("tables")).contains("500 rows").contains("id");
            assertThat(text("page-info")).isEqualTo("rows 1–25 of 500");
            List<String> firstPage = column(1);
            browser.findElement(By.id("next")).click();
            wait.until(ExpectedConditions.textToBe(By.id("page-info"), "rows 26–50 of 500"));
            assertThat(column(1)).hasSize(25).doesNotContainAnyElementsOf(firstPage);
            screenshot("plain-page-2");

            WebElement id = browser.findElement(By.cssSelector("#rows th[data-col='id']"));
            id.click();
            wait.until(ExpectedConditions.attributeContains(By.cssSelector("#rows th[data-col='id']"), "class", "sorted-asc"));
            browser.findElement(By.cssSelector("#rows th[data-col='id']")).click();
            wait.until(ExpectedConditions.attributeContains(By.cssSelector("#rows th[data-col='id']"), "class", "sorted-desc"));
            int idColumn = browser.findElements(By.cssSelector("#rows thead th")).stream().map(WebElement::getText)
                    .toList().indexOf("id") + 1;
            List<Long> ids = column(idColumn).stream().map(Long::parseLong).toList();
            assertThat(ids).isSortedAccordingTo((a, b) -> Long.compare(b, a));
            screenshot("plain-sorted-desc");

            filter("{\"id\":{\"bogus\":1}}");
            wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("filter-error")));
            assertThat(text("filter-error")).contains("bogus");
            screenshot("plain-bad-filter");

            filter("{\"id\":{\"lt\":5}}");
            wait.until(ExpectedConditions.invisibilityOfElementLocated(By.id("filter-error")));
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("page-info"), "(filtered)"));
            assertThat(column(idColumn)).isNotEmpty().allSatisfy(v -> assertThat(Long.parseLong(v)).isLessThan(5));
            browser.findElement(By.id("explain")).click();
            wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("explain-out")));
            assertThat(text("explain-out")).contains("\"strategy\"");
            screenshot("plain-explain");

            clickInFileRow("img/dot.png", "button.preview");
            WebElement image = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#preview img")));
            wait.until(d -> ((Number) ((JavascriptExecutor) d).executeScript(
                    "return arguments[0].complete ? arguments[0].naturalWidth : 0", image)).intValue() == 40);
            screenshot("plain-image-preview");
            clickInFileRow("notes.txt", "button.preview");
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("preview"), "hello from the viewer"));
            assertThat(browser.findElements(By.xpath("//table[@id='files']//tr[td[1]='page.html']//button"))).isEmpty();
            assertThat(browser.findElements(By.xpath("//table[@id='files']//tr[td[1]='locked.txt']//a"))).isEmpty();

            Files.deleteIfExists(headless.download("notes.txt"));
            Files.deleteIfExists(headless.download("ids.json"));
            clickInFileRow("notes.txt", "a.download");
            assertThat(Files.readString(headless.downloaded("notes.txt"))).isEqualTo("hello from the viewer\n");
            browser.findElement(By.xpath("//table[@id='shapes']//tr[td[1]='ids']//a[@class='export-json']")).click();
            assertThat(Files.readString(headless.downloaded("ids.json"))).contains("\"n\":500");
            assertThat(browser.getPageSource()).doesNotContain("<script>alert");
        }
    }

    private static void clickInFileRow(String path, String css) {
        browser.findElement(By.xpath("//table[@id='files']//tr[td[1]='" + path + "']"))
                .findElement(By.cssSelector(css)).click();
    }

    @Test
    void aKeyFileShowsItsRowsAndImageButNeverItsKey(@TempDir Path tmp) throws IOException {
        String keyText = ViewerFixture.secretOf("js-files-key", "key");
        try (ViewerFixture viewer = ViewerFixture.keyCase(tmp)) {
            open(viewer);
            assertThat(text("facts")).contains("Encryption\nkey");
            assertThat(text("page-info")).isEqualTo("rows 1–25 of 500");
            clickInFileRow("img/dot.png", "button.preview");
            wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#preview img")));
            screenshot("key-file");
            assertNoSecret(viewer, keyText);
        }
    }

    @Test
    void aSharedFileShowsWhatTheAccessKeySeesButNeverTheKey() throws IOException {
        String bob = ViewerFixture.secretOf("shared-access", "bob");
        Path jzm = SharedFiles.conformanceCase("shared-access").resolve("data.jzm");
        try (ViewerFixture viewer = ViewerFixture.serve(jzm,
                ReadOptions.defaults().withAccessKey(AccessKeyText.parse(bob)))) {
            open(viewer);
            assertThat(browser.findElement(By.id("access-section")).isDisplayed()).isTrue();
            assertThat(text("access")).contains("\"owner\": false").contains("\"partitions\"");
            assertThat(text("tables")).contains("partitioned by country").contains("hidden column groups: pii");
            List<String> headers = browser.findElements(By.cssSelector("#rows thead th")).stream()
                    .map(WebElement::getText).toList();
            assertThat(headers).contains("country").doesNotContain("email", "balance");
            int country = headers.indexOf("country") + 1;
            assertThat(column(country)).isNotEmpty().containsOnly("ZA");
            screenshot("shared-bob");
            assertNoSecret(viewer, bob);
        }
    }

    /** The key is in no page the browser holds, no request the API received and no answer it sent. */
    private static void assertNoSecret(ViewerFixture viewer, String keyText) {
        ViewerServerTest.assertSecretAbsent(browser.getPageSource(), keyText);
        String scripts = (String) browser.executeScript("return document.documentElement.outerHTML + "
                + "performance.getEntries().map(e => e.name).join(' ')");
        ViewerServerTest.assertSecretAbsent(scripts, keyText);
        ViewerServerTest.assertSecretAbsent(viewer.allExchanges(), keyText);
        assertThat(viewer.allExchanges()).contains("rows {");
    }

}
