/* The chronon that wrote this page found no battle viewer beside it (viewer/chart.js in a build tree,
   share/chronon/viewer/chart.js installed), so its standings page has no chart: this stand-in says so
   where the chart would be. */
var ChrononChart = {
  draw: function (doc, dataId, targetId) {
    var target = doc.getElementById(targetId);
    if (target) target.textContent = 'No chart: the chronon that wrote this page found no viewer (see its note).';
    return null;
  },
};
