package io.jazmin.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.viewer.testing.HeadlessBrowser;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The sample's console in a real headless Chromium ({@link HeadlessBrowser}): the customers table's
 * first page of rows, then the rows a filter keeps, and a bad filter shown as an error. Screenshots
 * go to {@code target/console-screenshots/}. The key is in no page the browser holds.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "sample.customers.count=2000")
class ConsoleBrowserTests extends SampleMockMvc {
    private static HeadlessBrowser headless;

    @Value("${local.server.port}")
    int port;

    @Value("${jazmin.files.customers.key}")
    String key;

    @BeforeAll
    static void startBrowser() throws Exception {
        headless = HeadlessBrowser.start(Path.of("target", "console-screenshots"), Path.of("target", "console-downloads"));
    }

    @AfterAll
    static void stopBrowser() {
        if (headless != null) {
            headless.close();
        }
    }

    /** The texts of the rows table's column headed {@code name}. */
    private static List<String> column(ChromeDriver browser, String name) {
        List<String> headers = browser.findElements(By.cssSelector("#rows thead th")).stream()
                .map(WebElement::getText).toList();
        int index = headers.indexOf(name) + 1;
        assertThat(index).as("column " + name + " among " + headers).isPositive();
        return browser.findElements(By.cssSelector("#rows tbody tr td:nth-child(" + index + ")")).stream()
                .map(WebElement::getText).toList();
    }

    @Test
    void showsTheCustomersRowsAndFiltersThem() {
        ChromeDriver browser = headless.driver();
        browser.get("http://127.0.0.1:" + port + "/jazmin-console");
        headless.waiting().until(d -> "true".equals(d.findElement(By.tagName("body")).getDomAttribute("data-ready")));
        assertThat(browser.getCurrentUrl()).endsWith("/jazmin-console/");
        assertThat(browser.findElement(By.id("load-error")).isDisplayed()).isFalse();
        assertThat(browser.findElement(By.id("file-name")).getText()).isEqualTo("customers");
        assertThat(browser.findElement(By.id("facts")).getText()).contains("Encryption\nkey");
        assertThat(browser.findElement(By.id("tables")).getText()).contains("2000 rows");
        assertThat(browser.findElement(By.id("page-info")).getText()).isEqualTo("rows 1–25 of 2000");
        assertThat(column(browser, "id")).hasSize(25);
        headless.screenshot("console-customers");

        WebElement where = browser.findElement(By.id("where"));
        where.clear();
        where.sendKeys("{\"country\":\"NA\",\"age\":{\"gt\":80}}");
        browser.findElement(By.id("apply")).click();
        headless.waiting().until(ExpectedConditions.textToBePresentInElementLocated(By.id("page-info"), "(filtered)"));
        long expected = CustomerGenerator.customers(2000).filter(c -> c.country().equals("NA") && c.age() > 80).count();
        assertThat(expected).as("customers the filter keeps").isPositive();
        assertThat(column(browser, "country")).hasSize((int) Math.min(25, expected)).containsOnly("NA");
        assertThat(column(browser, "age")).allSatisfy(age -> assertThat(Integer.parseInt(age)).isGreaterThan(80));
        headless.screenshot("console-filtered");

        where = browser.findElement(By.id("where"));
        where.clear();
        where.sendKeys("{\"age\":{\"bogus\":1}}");
        browser.findElement(By.id("apply")).click();
        headless.waiting().until(ExpectedConditions.visibilityOfElementLocated(By.id("filter-error")));
        assertThat(browser.findElement(By.id("filter-error")).getText()).contains("bogus");
        headless.screenshot("console-bad-filter");

        assertThat(browser.getPageSource()).doesNotContain(key).doesNotContain(key.substring(5, 25));
    }
}
